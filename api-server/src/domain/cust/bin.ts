/**
 * 银行卡号 (/bankcard/index, SYS · 22010/22110): the card BIN table (bank_bin) that names a card's bank
 * and type. `lookupBin` is what adding a card (talent cards, import) asks: the longest BIN that
 * starts the card number and matches its length, among the enabled rows.
 */
import { bankBin, bestBin, type BinRow } from '@flexpay/shared-utility/src/pure';
import type { AppDeps, RouteSpec, SignedInContext } from '../../http/guard';
import { type AnyDb, defineResource } from '../../resource/entity-resource';

export type BinMatch = Omit<BinRow, 'cardLength'>;

const BIN_COLUMNS = ['bin', 'bankName', 'cardName', 'cardType', 'cardLength'] as const;

export const BinMessages = {
  duplicate: '该卡BIN已存在',
  cardNo: '请输入10-30位数字的银行卡号',
  bankName: '请输入发卡银行',
  cardType: '请选择卡类型',
} as const;

/** The bank and type of a card number from the BIN table, or null when no enabled BIN names it. */
export async function lookupBin(db: AnyDb, cardNo: string): Promise<BinMatch | null> {
  const digits = cardNo.trim();
  if (!/^\d{10,30}$/.test(digits)) return null;
  return (await binMatcher(db, Array.from({ length: Math.min(12, digits.length) - 2 }, (_, i) => digits.slice(0, i + 3))))(digits);
}

/** The enabled BINs read once (those among `prefixes` when given), for naming many cards (an import) without a query per card. */
export async function binMatcher(db: AnyDb, prefixes?: string[]): Promise<(cardNo: string) => BinMatch | null> {
  const enabled = db.selectFrom('bank_bin').select(BIN_COLUMNS).where('status', '=', 0);
  const rows = (await (prefixes ? enabled.where('bin', 'in', prefixes) : enabled).execute()) as BinRow[];
  return (cardNo) => bestBin(rows, cardNo);
}

export function bankBinRoutes(deps: AppDeps): RouteSpec[] {
  const db = deps.db as unknown as AnyDb;
  const bins = defineResource(deps, bankBin, {
    scope: (_caller, qb) => qb,
    create: 'add',
    simple: false,
    duplicate: BinMessages.duplicate,
  });
  return [
    ...bins.routes,
    {
      // 按卡号添加: the BIN is the card's first six digits and its length the card's.
      path: 'bankCard/mgr/addByDetail',
      perm: bankBin.codes.mgr!,
      check: (body) => {
        if (typeof body.cardNo !== 'string' || !/^\d{10,30}$/.test(body.cardNo.trim())) return BinMessages.cardNo;
        if (typeof body.bankName !== 'string' || !body.bankName.trim() || body.bankName.trim().length > 50) return BinMessages.bankName;
        if (!['DC', 'CC', 'SCC'].includes(String(body.cardType ?? 'DC'))) return BinMessages.cardType;
        return null;
      },
      // The kit's create of the BIN the card names (its parsing, duplicate answer and audit).
      handler: async (ctx) => {
        const cardNo = String(ctx.body.cardNo).trim();
        const cardName = typeof ctx.body.cardName === 'string' && ctx.body.cardName.trim() ? ctx.body.cardName.trim().slice(0, 50) : null;
        const body = { bin: cardNo.slice(0, 6), bankName: String(ctx.body.bankName).trim(), cardName, cardType: String(ctx.body.cardType ?? 'DC'), cardLength: cardNo.length, status: 0 };
        const created = (await bins.resource.create({ ...(ctx as SignedInContext), body })) as { id: number };
        return { id: created.id, ...(await lookupBin(db, cardNo)) };
      },
    },
  ];
}
