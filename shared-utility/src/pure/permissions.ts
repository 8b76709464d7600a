import type { AccountType } from './enums';

/** Limit types of spec §6: 1 open to everyone, 0 login only, 2 the user must hold the code. */
export const LimitType = { LOGIN_ONLY: 0, OPEN: 1, LIMITED: 2 } as const;
export type LimitTypeValue = (typeof LimitType)[keyof typeof LimitType];

export interface PermissionDef {
  code: number;
  key: string;
  label: string;
  limit: LimitTypeValue;
  /** Group label, the parent node in the permission tree. */
  group: string;
  /** Account types that may ever hold the code; absent means all. */
  onlyFor?: AccountType[];
}

const L = LimitType.LIMITED;
const O = LimitType.OPEN;
const G = LimitType.LOGIN_ONLY;
const SYS: AccountType[] = ['SYS'];
const SYS_SPR: AccountType[] = ['SYS', 'SPR'];
const ALL_BUT_ENT: AccountType[] = ['SYS', 'SPR', 'MER'];
const CUST_TYPES: AccountType[] = ['SYS', 'SPR', 'ENT'];

const p = (
  code: number,
  key: string,
  label: string,
  group: string,
  limit: LimitTypeValue = L,
  onlyFor?: AccountType[],
): PermissionDef => ({ code, key, label, group, limit, ...(onlyFor ? { onlyFor } : {}) });

/** The code catalogue of spec §6; numbers inside the spec's ranges, names in ACT_* style. */
export const PERMISSIONS: PermissionDef[] = [
  p(1001, 'ACT_LOGIN', '登录', '账号', O),
  p(1002, 'ACT_LOGIN_INFO', '登录信息', '账号', G),
  p(1003, 'ACT_USER_GET', '查看个人资料', '账号', G),
  p(1004, 'ACT_USER_UPDATE', '修改个人资料', '账号', G),
  p(1005, 'ACT_USER_CHANGE_PASSWORD', '修改密码', '账号', G),
  p(1006, 'ACT_SAVED_SEARCH', '常用查询', '账号', G),
  p(1007, 'ACT_LOGOUT', '退出登录', '账号', G),
  p(1008, 'ACT_SEARCH', '全局搜索', '账号', G),
  p(1009, 'ACT_FILE_UPLOAD', '上传文件', '账号', G),
  p(1017, 'ACT_FORGET_PASSWORD', '找回密码', '账号', O),
  p(1016, 'ACT_SIMPLE_LIST', '下拉选项', '账号', G),
  p(1010, 'ACT_FILE_DOWNLOAD', '下载文件', '账号', G),
  p(1011, 'ACT_SYS_USER_SUBUSER_QUERY', '查询子账号', '管理员'),
  p(1012, 'ACT_SYS_USER_SUBUSER_MGR', '管理子账号', '管理员'),
  p(1013, 'ACT_SYS_USER_SUBUSER_PASSWORD', '重置子账号密码', '管理员'),
  p(1014, 'ACT_SYS_USER_SUBUSER_STATUS', '启用/禁用子账号', '管理员'),
  p(1015, 'ACT_SYS_USER_SUBUSER_PERM', '设置子账号权限', '管理员'),
  p(3001, 'ACT_CAPTCHA_CREATE', '获取图形验证码', '验证码', O),
  p(3002, 'ACT_CAPTCHA_CHECK', '校验图形验证码', '验证码', O),
  p(3003, 'ACT_CAPTCHA_SLIDE_CREATE', '获取滑块验证码', '验证码', O),
  p(3004, 'ACT_CAPTCHA_SLIDE_CHECK', '校验滑块验证码', '验证码', O),
  p(3005, 'ACT_CAPTCHA_SMS', '发送短信验证码', '验证码', O),
  p(3006, 'ACT_CAPTCHA_MAIL', '发送邮件验证码', '验证码', O),
  p(3013, 'ACT_CAPTCHA_PUBLIC_KEY', '获取加密公钥', '验证码', O),
  p(3501, 'ACT_DOCUMENT_DOWNLOAD', '下载文档模板', '文档', O),
  p(10110, 'ACT_TAX_SOURCE_QUERY', '查询税源地', '税源地', L, SYS),
  p(10120, 'ACT_TAX_SOURCE_MGR', '管理税源地', '税源地', L, SYS),
  p(10210, 'ACT_TAX_SOURCE_STATS', '税源地统计', '税源地', L, SYS),
  p(12110, 'ACT_SUPPLIER_QUERY', '查询供应商', '供应商'),
  p(12120, 'ACT_SUPPLIER_MGR', '管理供应商', '供应商', L, SYS),
  p(12210, 'ACT_SUPPLIER_CONFIG_QUERY', '查询供应商配置', '供应商', L, SYS_SPR),
  p(12220, 'ACT_SUPPLIER_CONFIG_MGR', '管理供应商配置', '供应商', L, SYS_SPR),
  p(12310, 'ACT_SUPPLIER_SMS_CONFIG', '供应商短信配置', '供应商', L, SYS_SPR),
  p(12410, 'ACT_SUPPLIER_TAX_PROOF_QUERY', '查询完税凭证', '供应商', L, SYS_SPR),
  p(12420, 'ACT_SUPPLIER_TAX_PROOF_MGR', '管理完税凭证', '供应商', L, SYS_SPR),
  p(12560, 'ACT_SUPPLIER_DISTRIBUTOR_CONFIG', '分销商配置', '供应商', L, SYS_SPR),
  p(14100, 'ACT_PAY_CHANNEL_QUERY', '查询支付通道', '支付通道'),
  p(14110, 'ACT_PAY_CHANNEL_MGR', '管理支付通道', '支付通道', L, SYS),
  p(14510, 'ACT_PAY_CHANNEL_BANK_QUERY', '查询银行配置', '支付通道', L, SYS_SPR),
  p(14620, 'ACT_PAY_CHANNEL_BANK_MGR', '管理银行配置', '支付通道', L, SYS),
  p(16110, 'ACT_MERCHT_QUERY', '查询商户', '商户', L, ALL_BUT_ENT),
  p(16120, 'ACT_MERCHT_MGR', '管理商户', '商户', L, SYS),
  p(16210, 'ACT_MERCHT_SUB_QUERY', '查询下级商户', '商户', L, ALL_BUT_ENT),
  p(16220, 'ACT_MERCHT_SUB_MGR', '管理下级商户', '商户', L, ALL_BUT_ENT),
  p(16230, 'ACT_MERCHT_SUP_QUERY', '查询上级商户', '商户', L, ['MER', 'ENT']),
  p(16510, 'ACT_MERCHT_FEE_CONFIG_QUERY', '查询商户费率', '商户', L, ALL_BUT_ENT),
  p(16520, 'ACT_MERCHT_FEE_CONFIG_MGR', '设置商户费率', '商户', L, ALL_BUT_ENT),
  p(16610, 'ACT_MERCHT_FEE_STATS', '商户费用统计', '商户', L, ALL_BUT_ENT),
    p(18110, 'ACT_ENT_QUERY', '查询企业', '企业', L, ALL_BUT_ENT),
  p(18120, 'ACT_ENT_MGR', '管理企业', '企业', L, SYS),
  p(18210, 'ACT_ENT_CONFIG_QUERY', '查询企业配置', '企业'),
  p(18220, 'ACT_ENT_CONFIG_MGR', '管理企业配置', '企业', L, SYS),
  p(18310, 'ACT_ENT_COOP_QUERY', '查询合作关系', '企业'),
  p(18320, 'ACT_ENT_COOP_MGR', '管理合作关系', '企业', L, ALL_BUT_ENT),
  p(18330, 'ACT_ENT_CONTRACT_QUERY', '查询企业合同', '企业'),
  p(18340, 'ACT_ENT_SUB_QUERY', '查询下级企业', '企业', L, ['SYS', 'ENT']),
  p(18350, 'ACT_ENT_SUB_MGR', '管理下级企业', '企业', L, ['SYS', 'ENT']),
  p(18410, 'ACT_ENT_FEE_CONFIG_QUERY', '查询企业费率', '企业'),
  p(18420, 'ACT_ENT_FEE_CONFIG_MGR', '设置企业费率', '企业', L, ALL_BUT_ENT),
  p(18430, 'ACT_ENT_FEE_STATS', '企业按月统计', '企业'),
  p(18510, 'ACT_ENT_CHANNEL_QUERY', '查询通道余额', '企业'),
  p(18515, 'ACT_ENT_CHANNEL_OPEN', '开通企业通道', '企业', L, SYS_SPR),
  p(18520, 'ACT_ENT_CHANNEL_MGR', '管理企业通道', '企业', L, SYS),
  p(18530, 'ACT_ENT_STATS', '企业综合统计', '企业'),
  p(18610, 'ACT_ENT_BALANCE_APPLY_QUERY', '查询充值申请', '企业'),
  p(18620, 'ACT_ENT_BALANCE_APPLY', '提交充值申请', '企业'),
  p(18630, 'ACT_ENT_BALANCE_APPLY_REVIEW', '审核充值申请', '企业', L, SYS_SPR),
  p(18650, 'ACT_ENT_BALANCE_LOG', '收支记录', '企业'),
  p(18710, 'ACT_ENT_REFUND_QUERY', '查询退款记录', '企业'),
  p(18720, 'ACT_ENT_REFUND_APPLY', '申请退款', '企业'),
  p(18730, 'ACT_ENT_REFUND_REVIEW', '审核退款', '企业', L, SYS_SPR),
  p(18740, 'ACT_ENT_TAX_PROOF_QUERY', '查询完税记录', '企业'),
  p(18750, 'ACT_ENT_TAX_PROOF_MGR', '管理完税记录', '企业', L, SYS_SPR),
  p(20100, 'ACT_CUST_QUERY', '查询人才', '人才', L, CUST_TYPES),
  p(20110, 'ACT_CUST_MGR', '管理人才', '人才', L, CUST_TYPES),
  p(20120, 'ACT_CUST_IMPORT', '导入人才', '人才', L, CUST_TYPES),
  p(20130, 'ACT_CUST_EXPORT', '导出人才', '人才', L, CUST_TYPES),
  p(20200, 'ACT_CUST_COOP_QUERY', '查询签约', '人才', L, CUST_TYPES),
  p(20201, 'ACT_CUST_COOP_MGR', '管理签约', '人才', L, CUST_TYPES),
  p(22010, 'ACT_BANK_CARD_QUERY', '查询银行卡', '银行卡', L, SYS),
  p(22110, 'ACT_BANK_CARD_MGR', '管理银行卡', '银行卡', L, SYS),
  p(24010, 'ACT_ORDER_QUERY', '查询代发订单', '订单'),
  p(24020, 'ACT_ORDER_EXPORT', '导出代发订单', '订单'),
  p(25010, 'ACT_TEMP_ORDER_QUERY', '查询制单', '订单'),
  p(25020, 'ACT_TEMP_ORDER_MGR', '制单', '订单'),
  p(25060, 'ACT_TEMP_ORDER_REVIEW', '审核制单', '订单', L, SYS_SPR),
  p(25110, 'ACT_ORDER_DETAIL_QUERY', '查询订单明细', '订单'),
  p(25120, 'ACT_ORDER_DETAIL_EXPORT', '导出订单明细', '订单'),
  p(25210, 'ACT_ORDER_DETAIL_STATUS', '更新明细状态', '订单', L, SYS_SPR),
  p(25510, 'ACT_ORDER_FEE_LOG', '计费记录', '订单', L, ALL_BUT_ENT),
  p(26110, 'ACT_INVOICE_INFO_QUERY', '查询开票信息', '开票', L, ['SPR', 'MER', 'ENT']),
  p(26120, 'ACT_INVOICE_INFO_MGR', '管理开票信息', '开票', L, ['SPR', 'MER', 'ENT']),
  p(26410, 'ACT_INVOICE_ITEM_QUERY', '查询开票项目', '开票', L, ['SPR']),
  p(26510, 'ACT_INVOICE_ITEM_MGR', '管理开票项目', '开票', L, ['SPR']),
  p(27110, 'ACT_INVOICE_MY_QUERY', '查询申请记录', '开票', L, ['SYS', 'MER', 'ENT']),
  p(27120, 'ACT_INVOICE_MY_MGR', '申请开票', '开票', L, ['SYS', 'ENT']),
  p(27210, 'ACT_INVOICE_TO_ME_QUERY', '查询开出记录', '开票', L, SYS_SPR),
  p(27250, 'ACT_INVOICE_REVIEW', '审核开票申请', '开票', L, SYS_SPR),
  p(27260, 'ACT_INVOICE_ISSUE', '开票与作废', '开票', L, SYS_SPR),
  p(28110, 'ACT_CLIENT_QUERY', '查询客户端', '客户端', L, SYS),
  p(28120, 'ACT_CLIENT_MGR', '管理客户端', '客户端', L, SYS),
  p(28210, 'ACT_CLIENT_SECURITY', '客户端密钥', '客户端', L, SYS),
  p(28220, 'ACT_CLIENT_MERCHT', '授权商户管理', '客户端', L, SYS),
  p(28240, 'ACT_CLIENT_ENT', '授权企业管理', '客户端', L, SYS),
  p(30110, 'ACT_CONTRACT_ENT_QUERY', '查询企业合同', '合同'),
  p(30120, 'ACT_CONTRACT_ENT_MGR', '管理企业合同', '合同', L, ALL_BUT_ENT),
  p(30210, 'ACT_CONTRACT_MERCHT_QUERY', '查询商户合同', '合同'),
  p(30220, 'ACT_CONTRACT_MERCHT_MGR', '管理商户合同', '合同', L, SYS_SPR),
  p(30130, 'ACT_AGREEMENT_QUERY', '查询签约协议', '合同', L, SYS_SPR),
  p(30140, 'ACT_AGREEMENT_MGR', '管理签约协议', '合同', L, SYS_SPR),
  p(32110, 'ACT_PACKAGE_CAT_QUERY', '查询任务分类', '任务', L, ['SPR']),
  p(32120, 'ACT_PACKAGE_CAT_MGR', '管理任务分类', '任务', L, ['SPR']),
  p(32210, 'ACT_PACKAGE_QUERY', '查询任务包', '任务'),
  p(32220, 'ACT_PACKAGE_MGR', '管理任务包', '任务'),
  p(32302, 'ACT_PACKAGE_REVIEW', '审核任务包', '任务', L, SYS_SPR),
  p(34010, 'ACT_NOTICE_SHOW', '查看公告', '公告', G),
  p(34100, 'ACT_NOTICE_QUERY', '查询公告', '公告', L, SYS_SPR),
  p(34200, 'ACT_NOTICE_MGR', '管理公告', '公告', L, SYS_SPR),
  p(34310, 'ACT_SMS_OUTBOX_QUERY', '查看短信记录', '公告', L, SYS),
  p(34320, 'ACT_MAIL_OUTBOX_QUERY', '查看邮件记录', '公告', L, SYS),
  p(38110, 'ACT_AUDIT_LOG_QUERY', '查看操作日志', '操作日志'),
  p(38210, 'ACT_OPS_APPS_QUERY', '查看应用版本', '应用版本', L, SYS),
  p(38220, 'ACT_OPS_APPS_ROLLBACK', '回滚应用版本', '应用版本', L, SYS),
  p(36110, 'ACT_XPAY_PLATFORM_QUERY', '查询平台', '平台税务通道', L, SYS),
  p(36120, 'ACT_XPAY_PLATFORM_MGR', '管理平台', '平台税务通道', L, SYS),
  p(36210, 'ACT_SUPPLIER_TS_CHANNEL_QUERY', '查询供应商税务通道', '平台税务通道', L, SYS_SPR),
  p(36220, 'ACT_SUPPLIER_TS_CHANNEL_MGR', '管理供应商税务通道', '平台税务通道', L, SYS_SPR),
];

export const PERMISSION_BY_CODE: ReadonlyMap<number, PermissionDef> = new Map(PERMISSIONS.map((d) => [d.code, d]));
export const PERMISSION_BY_KEY: ReadonlyMap<string, PermissionDef> = new Map(PERMISSIONS.map((d) => [d.key, d]));

export function codeOf(key: string): number {
  const def = PERMISSION_BY_KEY.get(key);
  if (!def) throw new Error(`unknown permission ${key}`);
  return def.code;
}

/** Codes a top administrator of an account type holds: every limited code its type may hold. */
export function defaultCodesFor(accountType: AccountType): number[] {
  return PERMISSIONS.filter((d) => d.limit === L && (!d.onlyFor || d.onlyFor.includes(accountType))).map((d) => d.code);
}

/** Whether a caller may use a code: open codes always, login-only once signed in, limited when held. */
export function mayUse(code: number, signedIn: boolean, held: ReadonlySet<number>): boolean {
  const def = PERMISSION_BY_CODE.get(code);
  if (!def) return false;
  if (def.limit === LimitType.OPEN) return true;
  if (def.limit === LimitType.LOGIN_ONLY) return signedIn;
  return signedIn && held.has(code);
}

/** Permission visibility modes of spec §6. */
export type VisibilityMode = 'include' | 'includeAll' | 'exclude' | 'excludeAll';

export interface PermissionRequirement {
  codes: number[];
  /** include: any held; includeAll: all held; exclude: shown unless any held; excludeAll: shown unless all held. */
  mode?: VisibilityMode;
}

export function meetsRequirement(req: PermissionRequirement | undefined, held: ReadonlySet<number>, signedIn = true): boolean {
  if (!req || req.codes.length === 0) return true;
  const usable = req.codes.map((code) => mayUse(code, signedIn, held));
  switch (req.mode ?? 'include') {
    case 'include':
      return usable.some(Boolean);
    case 'includeAll':
      return usable.every(Boolean);
    case 'exclude':
      return !usable.some(Boolean);
    case 'excludeAll':
      return !usable.every(Boolean);
  }
}

/** Hide-unless (or hide-if) the admin type is in a list (spec §6). */
export function accountTypeAllowed(
  accountType: AccountType | null,
  rule: { onlyFor?: AccountType[]; notFor?: AccountType[] } | undefined,
): boolean {
  if (!rule) return true;
  if (rule.onlyFor && (!accountType || !rule.onlyFor.includes(accountType))) return false;
  if (rule.notFor && accountType && rule.notFor.includes(accountType)) return false;
  return true;
}

export interface PermTreeNode {
  code: string;
  label: string;
  leaf: boolean;
  children?: PermTreeNode[];
}

/** The permission tree of a set of codes, grouped as the catalogue groups them (limited codes only). */
export function buildPermTree(codes: Iterable<number>): PermTreeNode[] {
  const held = new Set(codes);
  const groups = new Map<string, PermTreeNode>();
  for (const def of PERMISSIONS) {
    if (def.limit !== L || !held.has(def.code)) continue;
    let group = groups.get(def.group);
    if (!group) {
      group = { code: `group:${def.group}`, label: def.group, leaf: false, children: [] };
      groups.set(def.group, group);
    }
    group.children!.push({ code: String(def.code), label: def.label, leaf: true });
  }
  return [...groups.values()];
}
