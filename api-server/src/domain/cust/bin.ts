/**
 * 银行卡号 (/bankcard/index, SYS · 22010/22110): the card BIN table (bank_bin) that names a card's bank
 * and type. `lookupBin` is what adding a card (talent cards, import) asks: the longest BIN that
 * starts the card number and matches its length, among the enabled rows.
 */
import { bankBin, BIN_BY_CARD } from '@flexpay/shared-utility/src/pure';
import { bestBin, type BinRow } from '@flexpay/shared-utility/src/pure/rules/server';
import { parseCommandInput } from '../../resource/commands';
import type { AppDeps, RouteSpec, SignedInContext } from '../../http/guard';
import { type AnyDb, defineResource } from '../../resource/entity-resource';

export type BinMatch = Omit<BinRow, 'cardLength'>;

const BIN_COLUMNS = ['bin', 'bankName', 'cardName', 'cardType', 'cardLength'] as const;

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
  const bins = defineResource(deps, bankBin, {
    scope: (_caller, qb) => qb,
    create: 'add',
    simple: false,
    duplicate: '该卡BIN已存在',
  });
  return [
    ...bins.routes,
    {
      // 按卡号添加 (BIN_BY_CARD's fields): the BIN is the card's first six digits and its length the card's.
      path: 'bankCard/mgr/addByDetail',
      perm: BIN_BY_CARD.code,
      // The kit's create of the BIN the card names (its parsing, duplicate answer and audit).
      handler: async (ctx) => {
        const { cardNo, ...input } = parseCommandInput(BIN_BY_CARD, { ...ctx.body, cardType: ctx.body.cardType ?? 'DC' }) as Record<string, string>;
        const body = { ...input, bin: cardNo.slice(0, 6), cardName: input.cardName?.slice(0, 50) ?? null, cardLength: cardNo.length, status: 0 };
        const created = (await bins.resource.create({ ...(ctx as SignedInContext), body })) as { id: number };
        return { id: created.id, ...(await lookupBin(deps.db, cardNo)) };
      },
    },
  ];
}
