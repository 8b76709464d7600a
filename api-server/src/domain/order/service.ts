/**
 * Payout orders, the parts shared by the routes and the worker (DOMAIN.md §2, §4): what an
 * enterprise's orders need (limits, gates, fee configs), the row checks over facts looked up in
 * batches, the per-person month lock rows, and the system's own audit and progress entries (line
 * pricing with the calc-fee log is pricing.ts).
 */
import { MONEY_MESSAGES, type RowCheck, type StoredPayoutRow } from '@flexpay/shared-utility/src/pure';
import { checkPayoutRows, ORDER_SWITCHES, orderEntContext, type PayoutFound, payoutLookupsOf, payoutPersonKey } from '@flexpay/shared-utility/src/pure/rules/server';
import { type Kysely, sql } from 'kysely';
import { audit, type Operator } from '../../account/audit';
import type { DialectName } from '../../db/connect';
import type { Database } from '../../db/schema';
import { Code } from '../../http/codes';
import { refuse } from '../../http/envelope';
import { chunks, insertNew, readChunked, readIn, whereEach } from '../../resource/batch';
import { lockRows } from '../../resource/lock';
import { formatDateTime } from '../../util/time';
import { effectiveContractType } from '../ent/fee';
import { effectiveSupplierId } from '../ent/money';

export type Db = Kysely<Database>;

export const ORDER_MESSAGES = {
  noContract: '企业无生效中的合同，无法制单',
  coopSuspended: '企业与供应商合作已暂停，无法制单',
  payCodeRequired: '请输入支付验证码',
  maxResubmits: '重新提交次数已达上限',
  noReceipt: '暂无回单',
  noFailedLines: '该订单没有失败明细',
  noRows: '请至少填写一条明细',
} as const;

/** yyyy-MM of a moment, Asia/Shanghai. */
export const monthOf = (now: number) => formatDateTime(now)!.slice(0, 7);

/** Everything about an enterprise its orders depend on (effSupplierId: the 300 supplier whose limits and channels apply, DOMAIN.md §1). */
export async function entContext(db: Db, entId: number) {
  const ent = await db
    .selectFrom('ent')
    .innerJoin('mercht as m', 'm.id', 'ent.merchtId')
    .leftJoin('ent_config as c', 'c.entId', 'ent.id')
    .leftJoin('ent_fee_config as f', 'f.entId', 'ent.id')
    .select(['ent.supplierId', 'ent.merchtId', 'm.parentId', 'c.limitType', 'c.singleLimitFen', 'c.monthlyLimitFen', ...ORDER_SWITCHES.map((s) => `c.${s}` as const), 'f.calcMode'])
    .where('ent.id', '=', entId)
    .executeTakeFirst() ?? refuse(Code.NOT_FOUND, '企业不存在');
  const effSupplierId = (await effectiveSupplierId(db, entId)) ?? ent.supplierId;
  const taxSource = (ent.limitType ?? 0) === 0
    ? await db.selectFrom('mercht as s').innerJoin('tax_source as t', 't.id', 's.taxSourceId').select(['t.singleLimitFen as singleFen', 't.monthlyLimitFen as monthlyFen']).where('s.id', '=', effSupplierId).executeTakeFirst()
    : undefined;
  return orderEntContext(entId, effSupplierId, ent, taxSource);
}

export type EntContext = Awaited<ReturnType<typeof entContext>>;

/**
 * Locks the month rows of these people under the effective supplier for the rest of the transaction
 * (PostgreSQL `FOR UPDATE`, in key order so two orders never deadlock; SQLite has one writer), so two
 * orders checked at once for one person see each other's lines against the monthly limit.
 */
export async function lockPeople(trx: Db, dialect: DialectName, supplierId: number, month: string, people: string[], now: number): Promise<void> {
  for (const part of chunks([...new Set(people)].sort(), 500)) {
    await insertNew(trx, 'payout_limit_lock', part.map((person) => ({ supplierId, person, month, touchedAt: now })), ['supplierId', 'person', 'month']).execute();
    await lockRows(trx, dialect, 'payout_limit_lock', { supplierId, month, person: part }, ['id'], { orderBy: 'person' });
  }
}

interface CheckOptions {
  /** The temp order's package: takers in 10/20 may be paid; null when none named. */
  packageCode: string | null;
  month: string;
  /** Lines of this order do not count as used (preprocess re-checks an order already holding them). */
  excludeOrderId?: number;
  /** Inner mode: the priced payee per row number. */
  payeeFen?: Map<number, number>;
}

/**
 * Each row's first failing check (DOMAIN.md §4 table), with the facts looked up in batches: talents,
 * ID photos, cooperation rows, cards, package takers and the people's month usage.
 */
export async function checkRows(db: Db, ctx: EntContext, rows: StoredPayoutRow[], options: CheckOptions): Promise<Array<RowCheck & { custId: number | null }>> {
  const idNumbers = [...new Set(rows.map((r) => r.idNumber).filter(Boolean))];
  const talents = await readParts(idNumbers, (part) => db.selectFrom('cust').select(['id', 'name', 'idType', 'idNumber', 'realNameStatus']).where(sql<string>`upper("idNumber")`, 'in', part).execute());
  const pkg = options.packageCode ? await whereEach(db.selectFrom('work_package').select('id'), { packageCode: options.packageCode, entId: ctx.entId }).executeTakeFirst() : undefined;
  // The talents' rows of a table (in parts of 500 ids) where each other column equals its value.
  const ofTalents = (table: string, columns: string[], where: Record<string, unknown> = {}) => readIn(db, table, columns, { custId: [...new Set(talents.map((t) => t.id))], ...where }, 500);
  const found: PayoutFound = {
    talents,
    photos: await ofTalents('cust_file', ['custId', 'fileType'], { fileType: [0, 1] }),
    coopEnt: await ofTalents('cust_coop_ent', ['custId', 'status'], { entId: ctx.entId }),
    coopSup: await ofTalents('cust_coop_sup', ['custId', 'status', 'signStatus', 'taxRegStatus'], { supplierId: ctx.effSupplierId }),
    cards: await ofTalents('cust_card', ['custId', 'cardNo', 'validated', 'cardType', 'cardAttr']),
    takers: !options.packageCode ? null : pkg ? await ofTalents('work_package_taker', ['custId'], { packageId: pkg.id, status: [10, 20] }) : [],
    used: await readParts(idNumbers, (part) =>
      whereEach(db.selectFrom('order_detail as d').innerJoin('pay_order as o', 'o.id', 'd.orderId'), { 'd.supplierId': ctx.effSupplierId, 'd.month': options.month, 'd.idNumber': part })
        .select((eb) => ['d.idType', 'd.idNumber', eb.fn.sum<number>('d.amountFen').as('fen')])
        .where((eb) => eb.or([eb('d.status', 'in', [10, 20]), eb.and([eb('d.status', '=', 0), eb('o.status', '!=', 12)])]))
        .groupBy(['d.idType', 'd.idNumber'])
        .$if(options.excludeOrderId !== undefined, (q) => q.where('d.orderId', '!=', options.excludeOrderId!))
        .execute(),
    ),
  };
  return checkPayoutRows(rows, payoutLookupsOf(found), { ent: ctx, limits: ctx.limits, payeeFen: options.payeeFen });
}

/** The gates of a new order beside its rows: cooperation, an effective contract, an open enabled channel. */
export async function orderGateRefusal(db: Db, ctx: EntContext, channel: number, now: number): Promise<string | null> {
  const coop = await whereEach(db.selectFrom('ent_coop').select('coopStatus'), { entId: ctx.entId, supplierId: ctx.effSupplierId }).executeTakeFirst();
  if (coop && coop.coopStatus !== 0) return ORDER_MESSAGES.coopSuspended;
  if ((await effectiveContractType(db, ctx.entId, now)) === null) return ORDER_MESSAGES.noContract;
  const ch = await db.selectFrom('pay_channel').select('status').where('channel', '=', channel).executeTakeFirst();
  if (!ch || ch.status !== 0) return MONEY_MESSAGES.channelOff;
  const account = await whereEach(db.selectFrom('ent_account').select('status'), { entId: ctx.entId, channel }).executeTakeFirst();
  if (!account || account.status !== 0) return MONEY_MESSAGES.noAccount;
  return null;
}

export const SYSTEM_OPERATOR = { userId: null, name: '系统', username: 'system' };

/** An order's (or its line's) audit entry of a status move: people's through the kit, the system's and manual results' here. */
export async function auditOrder(trx: Db, orderNo: string, action: string, from: number, to: number, now: number, reason?: string | null, operator: Operator = SYSTEM_OPERATOR, entity = 'payOrder'): Promise<void> {
  const changes = { status: { from, to }, ...(reason ? { reason: { from: null, to: reason } } : {}) };
  await audit(trx, { operator, action, entity, entityId: orderNo, changes, now });
}

/** One progress row of an order as it now stands (order/query/progress reads them by id). */
export async function recordProgress(trx: Db, orderNo: string, now: number): Promise<void> {
  const copied = ['orderNo', 'entId', 'supplierId', 'merchtId', 'status', 'successCount', 'failCount'] as const;
  await trx
    .insertInto('order_progress')
    .columns([...copied, 'lineCount', 'createdAt'])
    .expression(trx.selectFrom('pay_order').select([...copied, 'detailCount', sql.lit(now).as('createdAt')]).where('orderNo', '=', orderNo))
    .execute();
}

/** Rows read in parts of 500 bound values, one query per part. */
export const readParts = <T, R>(values: T[], read: (part: T[]) => Promise<R[]>) => readChunked(values, read, 500);

export { payoutPersonKey as personKey };
