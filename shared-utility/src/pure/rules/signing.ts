/**
 * Signing and tax registration of a talent's cooperation with a supplier (DOMAIN.md §6) as state
 * tables: which event moves which status where (the operator's moves are custCoopSup.commands); what the
 * clock does to a row (e-sign outcome, 7-day and one-year expiry, the tax channel's answer) is sign-clock.ts.
 * The server runs each move as `UPDATE … WHERE status IN (from)`, so a stale one changes nothing (1009).
 */

export const SIGN = { none: 0, signing: 10, success: 20, failed: 30, expired: 40 } as const;
export const TAX_REG = { none: 0, applying: 10, success: 20, failed: 30, cancelled: 40 } as const;
export const SIGN_CHANNEL = { none: 0, paper: 1, esign: 2, partnerV2: 6 } as const;
export const REAL_NAME_SUCCESS = 10;

export const DAY_MS = 24 * 60 * 60 * 1000;
/** An e-sign request not answered within 7 days expires. */
export const SIGN_REQUEST_TTL_MS = 7 * DAY_MS;
/** A signed agreement lasts one year. */
export const SIGNED_VALIDITY_MS = 365 * DAY_MS;

export type SignEvent = 'paperSigned' | 'eSignStarted' | 'providerSigned' | 'providerFailed' | 'requestExpired' | 'agreementExpired';
export type TaxEvent = 'applied' | 'registered' | 'refused' | 'cancelled';

/** event → statuses it leaves → the status it reaches. */
export const SIGN_TABLE: Record<SignEvent, { from: readonly number[]; to: number }> = {
  // Paper: the signed file uploaded settles it; not over a running e-sign request or a valid signature.
  paperSigned: { from: [SIGN.none, SIGN.failed, SIGN.expired], to: SIGN.success },
  eSignStarted: { from: [SIGN.none, SIGN.failed, SIGN.expired], to: SIGN.signing },
  providerSigned: { from: [SIGN.signing], to: SIGN.success },
  providerFailed: { from: [SIGN.signing], to: SIGN.failed },
  requestExpired: { from: [SIGN.signing], to: SIGN.expired },
  agreementExpired: { from: [SIGN.success], to: SIGN.expired },
};

export const TAX_TABLE: Record<TaxEvent, { from: readonly number[]; to: number }> = {
  applied: { from: [TAX_REG.none, TAX_REG.failed, TAX_REG.cancelled], to: TAX_REG.applying },
  registered: { from: [TAX_REG.applying], to: TAX_REG.success },
  refused: { from: [TAX_REG.applying], to: TAX_REG.failed },
  cancelled: { from: [TAX_REG.success], to: TAX_REG.cancelled },
};

export const SIGNING_MESSAGES = {
  realNameFirst: '人才未实名认证，请先完成实名认证',
  eSignChannel: '电子签约请选择电子签或合作方V2渠道',
  signFile: '请上传签约文件',
  taxFile: '请上传税务实名文件',
  suspended: '合作已暂停，不能签约或登记',
  channelWhileSigning: '签约进行中，不能修改签约渠道',
} as const;

export const CARD_MESSAGES = {
  bankCard: '银行卡只能为10-30位数字',
  alipay: '支付宝账号应为手机号码或邮箱',
  duplicate: '该人才已添加此账户',
  notBankCard: '只有银行卡可以校验',
  passed: '该银行卡已校验通过',
} as const;
