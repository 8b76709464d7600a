/**
 * 收支记录 (spec §2 /ent/balanceLog; DOMAIN.md §3): the ledger's moves as the kit lists and exports them,
 * and 收支记录(简), one line per business number with its moves summed.
 */
import { balanceLog, balanceLogGroup } from '@flexpay/shared-utility/src/pure';
import { sql } from 'kysely';
import { type AppDeps, type RouteSpec, signed } from '../../http/guard';
import type { Row } from '../../resource/codec';
import { type AnyQuery, cappedTotal, defineResource, listPage, present, T, withLookups } from '../../resource/entity-resource';
import { moneyScope } from './money-base';

/** A 收支记录(simple) line is the moves of one group of these columns. */
const GROUP = ['entId', 'bizNo', 'channel', 'bizType'];
/** The line's sums by move type (0 add, 1 lock, 2 unlock, 3 deduct), named as balanceLogGroup's fields. */
const SUMMED = ['added', 'locked', 'unlocked', 'deducted'] as const;

export function ledgerRoutes(deps: AppDeps): RouteSpec[] {
  const db = deps.db;
  const logs = defineResource(deps, balanceLog, { scope: moneyScope(db), simple: false, export: true });

  const simpleList: RouteSpec = {
    // 收支记录(简): one line per business number (a recharge, an order, a refund) with its moves summed.
    path: 'ent/query/balance/log/simpleList',
    perm: balanceLog.codes.query,
    handler: signed(async (ctx) => {
      const { limit, offset } = listPage(ctx.body);
      const { qb } = logs.resource.filtered(ctx.caller, ctx.body);
      // A line is a business number's group (entId, channel, bizType, bizNo) of the filtered moves, newest
      // last move first. Grouping the whole ledger for every page cost half a second on 200 000 moves, so:
      // the total counts groups up to the kit's cap (an estimate above it, like every kit list); the page
      // walks the filtered moves newest first, keeping each group's last move (no later filtered move of
      // the same group), which is the order of max(id); then only the page's groups are summed.
      // balance_log_ent_group_idx (entId, bizNo, channel, bizType, id) serves the count, grouped in its order,
      // and the "later move" probe.
      const keys = GROUP.map((k) => `${T}.${k}`);
      const counted = await cappedTotal(db, deps.dialect, qb.groupBy(keys));
      const later = qb.select([`${T}.id`, ...keys]).as('u');
      const lastMoves = await qb
        .select([...keys, `${T}.id as lastId`])
        .where(({ not, exists, selectFrom }) => {
          const sameGroup = GROUP.reduce((q: AnyQuery, k) => q.whereRef(`u.${k}`, '=', `${T}.${k}`), selectFrom(later).select(sql<number>`1`.as('one')) as AnyQuery);
          return not(exists(sameGroup.whereRef('u.id', '>', `${T}.id`)));
        })
        // By time like the moves list (balanceLog.newestBy): SQLite walks (createdAt, id) for a supplier's
        // scope instead of sorting it; moves are written in time order, so it is the order of max(id).
        .orderBy(`${T}.createdAt`, 'desc')
        .orderBy(`${T}.id`, 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
      if (lastMoves.length === 0) return { ...counted, records: [] };
      const sumOf = (type: number) => sql<number>`coalesce(sum(case when ${sql.ref(`${T}.type`)} = ${type} then ${sql.ref(`${T}.amountFen`)} else 0 end), 0)`;
      const grouped = qb
        .where(`${T}.bizNo`, 'in', [...new Set(lastMoves.map((m) => m.bizNo))])
        .select((eb) => [
          ...keys,
          ...SUMMED.map((name, type) => sumOf(type).as(name)),
          eb.fn.countAll().as('rowCount'),
          eb.fn.min(`${T}.createdAt`).as('firstAt'),
          eb.fn.max(`${T}.createdAt`).as('lastAt'),
          eb.fn.max(`${T}.id`).as('lastId'),
        ])
        .groupBy(keys);
      const summed = await withLookups(balanceLogGroup, db.selectFrom(grouped.as(T))).execute();
      // Groups sharing a page group's bizNo but not its enterprise, channel or type are not on the page.
      const byLastId = new Map(summed.map((g) => [Number(g.lastId), g]));
      const rows = lastMoves.map((m) => byLastId.get(Number(m.lastId))).filter((g): g is Row => g !== undefined);
      // Σlock − Σunlock − Σdeduct: 0 once the order or refund has finished (DOMAIN.md §3).
      const outstanding = (r: Row) => Number(r.locked) - Number(r.unlocked) - Number(r.deducted);
      return { ...counted, records: rows.map((r) => present(balanceLogGroup, { ...r, rowCount: Number(r.rowCount), outstanding: outstanding(r) })) };
    }),
  };
  return [...logs.routes, simpleList];
}
