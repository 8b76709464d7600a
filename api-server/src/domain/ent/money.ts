/**
 * Enterprise money (spec §2 /ent/channelStats, /ent/balanceLog, /ent/addBal, /ent/refund; §7 ent
 * payChannel, balance apply/log/refund; DOMAIN.md §3): accounts per enterprise × channel, recharge
 * applications, refunds and the ledger. Every balance change goes through ledger.ts inside the
 * transition's or the create's transaction.
 *
 * Scope: SYS all, SPR the enterprises of its supplier, MER its enterprises read-only (no machine
 * transition and no create is declared for MER), ENT only its own money — a parent enterprise edits
 * a sub's profile, never its money (DOMAIN.md §1).
 */
import {
  AdminType,
  balanceApply,
  balanceLog,
  checkOverdraftSetting,
  entAccount,
  formatFen,
  MANUAL_CREDIT_CHANNELS,
  MONEY_MESSAGES,
  parseMoneyToFen,
  RechargeStatus,
  refundableFen,
  refundApply,
  refundHandleProcess,
  RefundStatus,
} from '@flexpay/shared-utility/src/pure';
import { type Kysely, sql } from 'kysely';
import { audit } from '../../account/audit';
import { scoped } from '../../account/scope';
import type { Database } from '../../db/schema';
import { Code, Messages } from '../../http/codes';
import { refuse } from '../../http/envelope';
import type { AppDeps, RouteSpec, SignedInContext } from '../../http/guard';
import { type ChannelAdapter, simChannelAdapter } from '../../providers/channel-adapter';
import type { Row } from '../../resource/codec';
import { type AnyDb, cappedTotal, defineResource, T } from '../../resource/entity-resource';
import { fileRoute } from '../../resource/file-route';
import { formatDateTime } from '../../util/time';
import { nextCode } from '../org-scope';
import { entScope } from './index';
import { BizType, moveBalance } from './ledger';
import { operatorName, rechargeAfterProcess, rechargeEffects, refundEffects } from './money.effects';

/** Money rows (the `ownEnt` tie): entScope, except that an enterprise sees only its own money, not its sub-enterprises'. */
export const moneyScope = (db: AnyDb, column = `${T}.entId`) => scoped(db, { ownEnt: column });

/** ENT writes for itself whatever the body names. */
const ownEnt = (ctx: SignedInContext): Row => (ctx.caller.user.adminType === AdminType.ENT ? { entId: ctx.caller.user.orgId } : {});

/** The 300 supplier whose channels, limits and collection accounts apply (DOMAIN.md §1). */
export async function effectiveSupplierId(db: AnyDb, entId: number): Promise<number | null> {
  const row = (await db
    .selectFrom('ent')
    .innerJoin('mercht as s', 's.id', 'ent.supplierId')
    .leftJoin('distributor_config as d', 'd.supplierId', 's.id')
    .select(['s.id', 's.merchtType', 's.parentId', 'd.upstreamId'])
    .where('ent.id', '=', entId)
    .executeTakeFirst()) as Row | undefined;
  if (!row) return null;
  if (row.merchtType === 200) return row.parentId as number | null;
  if (row.merchtType === 100) return (row.upstreamId as number | null) ?? null;
  return row.id as number;
}

/**
 * The next application number. nextCode reads the highest one, so two concurrent creates on
 * PostgreSQL would pick the same; a transaction-scoped advisory lock per series makes them take turns
 * (SQLite has one writer already).
 */
async function serialCode(deps: AppDeps, trx: AnyDb, table: 'balance_apply' | 'refund_apply', column: string, prefix: string): Promise<string> {
  if (deps.dialect === 'postgres') await sql`SELECT pg_advisory_xact_lock(hashtext(${`${table}.${column}`}))`.execute(trx);
  return nextCode(trx, table, column, prefix, 8);
}

async function openAccountOf(trx: AnyDb, entId: unknown, channel: unknown): Promise<Row | undefined> {
  return (await trx.selectFrom('ent_account').selectAll().where('entId', '=', entId).where('channel', '=', channel).executeTakeFirst()) as Row | undefined;
}

function bodyKey(body: Row): { entId: number; channel: number } {
  const entId = Number(body.entId);
  const channel = Number(body.channel);
  if (!Number.isInteger(entId) || entId <= 0) refuse(Code.VALIDATION, '请选择企业');
  if (!Number.isInteger(channel) || channel < 0) refuse(Code.VALIDATION, '请选择支付通道');
  return { entId, channel };
}

export function moneyRoutes(deps: AppDeps, adapter: ChannelAdapter = simChannelAdapter): RouteSpec[] {
  const db = deps.db as unknown as AnyDb;
  const scope = moneyScope(db);

  const accounts = defineResource(deps, entAccount, {
    scope,
    writers: ['SYS', 'SPR'],
    create: 'addOrUpdate',
    update: false,
    upsertBy: ['entId', 'channel'],
    summary: ['available', 'locked'],
    listAliases: ['ent/query/channelStats/list'],
    computed: (row) => ({ accountName: `${String(row.entName ?? '')} · ${String(row.channelName ?? '')}` }),
    // The overdraft dialog of 通道余额 is offered on the rows SYS may set (18520).
    rowActions: (caller) => (caller.user.adminType === AdminType.SYS && caller.perms.has(18520) ? ['toggleAllowOverdraft'] : []),
    export: true,
    simple: false,
    check: async (ctx, next) => {
      // Another organisation's enterprise is refused before its existing accounts could answer a conflict.
      const visible = await entScope(ctx.trx, 'e.id')(ctx.caller, ctx.trx.selectFrom('ent as e').select('e.id').where('e.id', '=', next.entId)).executeTakeFirst();
      if (!visible) refuse(Code.OUT_OF_SCOPE, Messages.outOfScope);
      const channel = (await ctx.trx.selectFrom('pay_channel').select('status').where('channel', '=', next.channel).executeTakeFirst()) as Row | undefined;
      if (!channel || channel.status !== 0) refuse(Code.VALIDATION, MONEY_MESSAGES.channelOff);
      const supplierId = await effectiveSupplierId(ctx.trx, next.entId as number);
      const config = supplierId === null ? undefined : await ctx.trx.selectFrom('supplier_config').select('id').where('supplierId', '=', supplierId).where('channel', '=', next.channel).where('status', '=', 0).executeTakeFirst();
      if (!config) refuse(Code.VALIDATION, MONEY_MESSAGES.notConfigured);
    },
  });

  /** The caller's account of {entId, channel}: 3002 outside the scope, 1001 when not open. */
  async function scopedAccount(ctx: SignedInContext): Promise<Row> {
    const { entId, channel } = bodyKey(ctx.body);
    const row = (await accounts.resource.scoped(ctx.caller).selectAll(T).where(`${T}.entId`, '=', entId).where(`${T}.channel`, '=', channel).executeTakeFirst()) as Row | undefined;
    if (row) return row;
    if (await openAccountOf(db, entId, channel)) refuse(Code.OUT_OF_SCOPE, Messages.outOfScope);
    return refuse(Code.VALIDATION, MONEY_MESSAGES.noAccount);
  }
  const balanceOf = (row: Row) => ({
    available: formatFen(Number(row.availableFen)),
    locked: formatFen(Number(row.lockedFen)),
    allowOverdraft: row.allowOverdraft,
    overdraftLimit: formatFen(Number(row.overdraftLimitFen)),
  });
  async function payeeOf(row: Row) {
    const supplierId = await effectiveSupplierId(db, row.entId as number);
    const config = (await db.selectFrom('supplier_config').select(['payeeAcctName', 'payeeAcct', 'payeeBank']).where('supplierId', '=', supplierId ?? -1).where('channel', '=', row.channel).executeTakeFirst()) as Row | undefined;
    return config ?? { payeeAcctName: null, payeeAcct: null, payeeBank: null };
  }

  const query = entAccount.codes.query;
  const accountRoutes: RouteSpec[] = [
    { path: 'ent/query/payChannel/balance', perm: query, handler: async (ctx) => balanceOf(await scopedAccount(ctx as SignedInContext)) },
    { path: 'ent/query/payChannel/payeeAcct', perm: query, handler: async (ctx) => payeeOf(await scopedAccount(ctx as SignedInContext)) },
    {
      path: 'ent/query/payChannel/payeeAcctAndBal',
      perm: query,
      handler: async (ctx) => {
        const row = await scopedAccount(ctx as SignedInContext);
        return { ...(await payeeOf(row)), ...balanceOf(row) };
      },
    },
    {
      // 通道余额: the caller's accounts summed per channel, and the grand total.
      path: 'ent/query/channelStats/balance',
      perm: query,
      handler: async (ctx) => {
        const { qb } = accounts.resource.filtered((ctx as SignedInContext).caller, ctx.body);
        const rows = (await qb
          .leftJoin('pay_channel as c', 'c.channel', `${T}.channel`)
          .select((eb) => [`${T}.channel`, 'c.name as channelName', eb.fn.countAll().as('accounts'), eb.fn.sum(`${T}.availableFen`).as('available'), eb.fn.sum(`${T}.lockedFen`).as('locked')])
          .groupBy([`${T}.channel`, 'c.name'])
          .orderBy(`${T}.channel`)
          .execute()) as Row[];
        const records = rows.map((r) => ({ channel: r.channel, channelName: r.channelName, accounts: Number(r.accounts), available: formatFen(Number(r.available)), locked: formatFen(Number(r.locked)) }));
        const sum = (k: 'available' | 'locked') => formatFen(rows.reduce((s, r) => s + Number(r[k]), 0));
        return { records, total: { accounts: rows.reduce((s, r) => s + Number(r.accounts), 0), available: sum('available'), locked: sum('locked') } };
      },
    },
    {
      // Overdraft (DOMAIN.md §3, SYS · 18520): on needs a limit > 0; off is allowed while available < 0.
      path: 'ent/mgr/payChannel/toggleAllowOverdraft',
      perm: 18520,
      handler: async (raw) => {
        const ctx = raw as SignedInContext;
        if (ctx.caller.user.adminType !== AdminType.SYS) refuse(Code.NO_PERMISSION, Messages.noPermission);
        const row = await accounts.resource.load(ctx.caller, Number.isInteger(ctx.body.id) ? (ctx.body.id as number) : null);
        const allow = ctx.body.allowOverdraft;
        if (allow !== 0 && allow !== 1) refuse(Code.VALIDATION, '请选择是否允许透支');
        const limitFen = allow === 1 ? parseMoneyToFen(String(ctx.body.overdraftLimit ?? '')) : 0;
        const refusal = checkOverdraftSetting(allow === 1, limitFen);
        if (refusal || limitFen === null || limitFen < 0) refuse(Code.VALIDATION, refusal ?? '请填写透支额度');
        await accounts.resource.write(ctx, async (trx) => {
          await trx.updateTable('ent_account').set({ allowOverdraft: allow as number, overdraftLimitFen: limitFen as number, updatedAt: ctx.now }).where('id', '=', row.id).execute();
          await audit(trx as never, {
            operator: ctx.caller.user,
            now: ctx.now,
            action: 'toggleAllowOverdraft',
            entity: entAccount.name,
            entityId: String(row.id),
            changes: { allowOverdraft: { from: row.allowOverdraft, to: allow }, overdraftLimit: { from: row.overdraftLimitFen, to: limitFen } },
          });
        });
        return accounts.resource.get(ctx.caller, row.id as number);
      },
    },
  ];

  const recharges = defineResource(deps, balanceApply, {
    scope,
    writers: ['SYS', 'ENT'],
    create: 'addBalApply',
    update: false,
    summary: ['amount'],
    export: true,
    fill: ownEnt,
    beforeCreate: async (ctx, values) => {
      const ent = (await ctx.trx.selectFrom('ent').select('supplierId').where('id', '=', values.entId).executeTakeFirst()) as Row | undefined;
      return { ...values, applyNo: await serialCode(deps, ctx.trx, 'balance_apply', 'applyNo', 'RA'), supplierId: ent?.supplierId ?? null, status: RechargeStatus.SUBMITTED };
    },
    check: async (ctx, next) => {
      if (Number(next.amountFen) <= 0) refuse(Code.VALIDATION, `充值${MONEY_MESSAGES.amountPositive}`);
      if (!(await openAccountOf(ctx.trx, next.entId, next.payChannel))) refuse(Code.VALIDATION, MONEY_MESSAGES.noAccount);
      const channel = (await ctx.trx.selectFrom('pay_channel').select('status').where('channel', '=', next.payChannel).executeTakeFirst()) as Row | undefined;
      if (channel?.status !== 0) refuse(Code.VALIDATION, MONEY_MESSAGES.channelOff);
    },
    // Spec §3: only the manual channels are credited by hand; the bank channels' adapter answers.
    transitionRefusal: (name, row) => ((name === 'credit' || name === 'notArrived') && !MANUAL_CREDIT_CHANNELS.includes(row.payChannel as number) ? MONEY_MESSAGES.manualOnly : null),
    effects: rechargeEffects(deps),
    afterTransition: rechargeAfterProcess(deps, adapter),
  });

  const refunds = defineResource(deps, refundApply, {
    scope,
    writers: ['SYS', 'ENT'],
    create: 'apply',
    update: false,
    summary: ['amount'],
    export: true,
    fill: ownEnt,
    computed: (row) => refundHandleProcess(Number(row.status)),
    beforeCreate: async (ctx, values) => ({
      ...values,
      applyId: values.balanceType === 20 ? values.applyId : null,
      refundNo: await serialCode(deps, ctx.trx, 'refund_apply', 'refundNo', 'RF'),
      status: RefundStatus.PENDING,
    }),
    check: async (_ctx, next) => {
      if (Number(next.amountFen) <= 0) refuse(Code.VALIDATION, `退款${MONEY_MESSAGES.amountPositive}`);
      if (next.balanceType === 20 && (next.applyId === null || next.applyId === undefined)) refuse(Code.VALIDATION, MONEY_MESSAGES.rechargeRequired);
    },
    // Apply = lock, after the account's row lock, so concurrent refunds of one recharge see each other.
    afterCreate: async (ctx, key, columns) => {
      const entId = columns.entId as number;
      const channel = columns.channel as number;
      await moveBalance(
        ctx.trx as unknown as Kysely<Database>,
        deps.dialect,
        { entId, channel, type: 1, amountFen: Number(columns.amountFen), bizType: BizType.REFUND, bizNo: String(columns.refundNo), operatorName: operatorName(ctx), now: ctx.now },
        async (account) => {
          let rechargeFen: number | undefined;
          let refundedFen: number | undefined;
          if (columns.balanceType === 20) {
            const recharge = (await ctx.trx.selectFrom('balance_apply').select('amountFen').where('id', '=', columns.applyId).where('entId', '=', entId).where('payChannel', '=', channel).where('status', '=', RechargeStatus.SUCCESS).executeTakeFirst()) as Row | undefined;
            if (!recharge) refuse(Code.VALIDATION, MONEY_MESSAGES.rechargeMismatch);
            const taken = (await ctx.trx
              .selectFrom('refund_apply')
              .select((eb) => eb.fn.coalesce(eb.fn.sum('amountFen'), eb.lit(0)).as('fen'))
              .where('applyId', '=', columns.applyId)
              .where('id', '!=', key)
              .where('status', 'in', [RefundStatus.PENDING, RefundStatus.REFUNDING, RefundStatus.SUCCESS])
              .executeTakeFirst()) as Row;
            rechargeFen = Number(recharge!.amountFen);
            refundedFen = Number(taken.fen);
          }
          const rest = refundableFen({ balanceType: columns.balanceType as number, availableFen: account.availableFen, rechargeFen, refundedFen });
          if (Number(columns.amountFen) > rest) refuse(Code.VALIDATION, `${MONEY_MESSAGES.overRefundable}（可退${formatFen(rest)}元）`);
        },
      );
    },
    effects: refundEffects(deps),
  });

  const logs = defineResource(deps, balanceLog, { scope, simple: false, export: true });

  const simpleList: RouteSpec = {
    // 收支记录(简): one line per business number (a recharge, an order, a refund) with its moves summed.
    path: 'ent/query/balance/log/simpleList',
    perm: balanceLog.codes.query,
    handler: async (raw) => {
      const ctx = raw as SignedInContext;
      const page = (ctx.body.page ?? {}) as Row;
      const limit = Math.min(Math.max(Number.isInteger(page.limit) ? (page.limit as number) : 10, 1), 100);
      const pageNum = Math.max(Number.isInteger(page.pageNum) ? (page.pageNum as number) : 1, 1);
      const { qb } = logs.resource.filtered(ctx.caller, ctx.body);
      // A line is a business number's group (entId, channel, bizType, bizNo) of the filtered moves, newest
      // last move first. Grouping the whole ledger for every page cost half a second on 200 000 moves, so:
      // the total counts groups up to the kit's cap (an estimate above it, like every kit list); the page
      // walks the filtered moves newest first, keeping each group's last move (no later filtered move of
      // the same group), which is the order of max(id); then only the page's groups are summed.
      // balance_log_ent_group_idx (entId, bizNo, channel, bizType, id) serves the count, grouped in its order,
      // and the "later move" probe.
      const keys = ['entId', 'bizNo', 'channel', 'bizType'].map((k) => `${T}.${k}`);
      const counted = await cappedTotal(db, deps.dialect, qb.groupBy(keys));
      const later = qb.select([`${T}.id`, ...keys]).as('u');
      const lastMoves = (await qb
        .select([...keys, `${T}.id as lastId`])
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom(later)
                .select(sql<number>`1`.as('one'))
                .whereRef('u.bizNo', '=', `${T}.bizNo`)
                .whereRef('u.entId', '=', `${T}.entId`)
                .whereRef('u.channel', '=', `${T}.channel`)
                .whereRef('u.bizType', '=', `${T}.bizType`)
                .whereRef('u.id', '>', `${T}.id`),
            ),
          ),
        )
        // By time like the moves list (balanceLog.newestBy): SQLite walks (createdAt, id) for a supplier's
        // scope instead of sorting it; moves are written in time order, so it is the order of max(id).
        .orderBy(`${T}.createdAt`, 'desc')
        .orderBy(`${T}.id`, 'desc')
        .limit(limit)
        .offset((pageNum - 1) * limit)
        .execute()) as Row[];
      const sumOf = (type: number) => sql<number>`coalesce(sum(case when ${sql.ref(`${T}.type`)} = ${type} then ${sql.ref(`${T}.amountFen`)} else 0 end), 0)`;
      const grouped = qb
        .where(`${T}.bizNo`, 'in', lastMoves.length > 0 ? [...new Set(lastMoves.map((m) => m.bizNo))] : [null])
        .select((eb) => [
          `${T}.entId`,
          `${T}.channel`,
          `${T}.bizType`,
          `${T}.bizNo`,
          sumOf(0).as('added'),
          sumOf(1).as('lockedSum'),
          sumOf(2).as('unlocked'),
          sumOf(3).as('deducted'),
          eb.fn.countAll().as('rowCount'),
          eb.fn.min(`${T}.createdAt`).as('firstAt'),
          eb.fn.max(`${T}.createdAt`).as('lastAt'),
          eb.fn.max(`${T}.id`).as('lastId'),
        ])
        .groupBy(keys);
      const summed = (
        lastMoves.length === 0
          ? []
          : await db.selectFrom(grouped.as('g')).leftJoin('ent as e', 'e.id', 'g.entId').leftJoin('pay_channel as c', 'c.channel', 'g.channel').selectAll('g').select(['e.entName', 'c.name as channelName']).execute()
      ) as Row[];
      // Groups sharing a page group's bizNo but not its enterprise, channel or type are not on the page.
      const byLastId = new Map(summed.map((g) => [Number(g.lastId), g]));
      const rows = lastMoves.map((m) => byLastId.get(Number(m.lastId))).filter((g): g is Row => g !== undefined);
      return {
        ...counted,
        records: rows.map((r) => ({
          entId: r.entId,
          entName: r.entName,
          channel: r.channel,
          channelName: r.channelName,
          bizType: r.bizType,
          bizNo: r.bizNo,
          added: formatFen(Number(r.added)),
          locked: formatFen(Number(r.lockedSum)),
          unlocked: formatFen(Number(r.unlocked)),
          deducted: formatFen(Number(r.deducted)),
          // Σlock − Σunlock − Σdeduct: 0 once the order or refund has finished (DOMAIN.md §3).
          outstanding: formatFen(Number(r.lockedSum) - Number(r.unlocked) - Number(r.deducted)),
          rowCount: Number(r.rowCount),
          firstAt: formatDateTime(Number(r.firstAt)),
          lastAt: formatDateTime(Number(r.lastAt)),
        })),
      };
    },
  };

  return [
    ...accounts.routes,
    ...accountRoutes,
    ...recharges.routes,
    fileRoute(deps, recharges.resource, 'voucher', 'ent/query/balance/apply/file'),
    ...refunds.routes,
    ...logs.routes,
    simpleList,
  ];
}
