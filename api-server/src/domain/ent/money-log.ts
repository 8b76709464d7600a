/**
 * 收支记录 (spec §2 /ent/balanceLog; DOMAIN.md §3): the ledger's moves as the kit lists and exports them,
 * and 收支记录(简), one line per business number with its moves summed.
 */
import { balanceLog, formatFen } from '@flexpay/shared-utility/src/pure';
import { sql } from 'kysely';
import type { AppDeps, RouteSpec, SignedInContext } from '../../http/guard';
import type { Row } from '../../resource/codec';
import { type AnyDb, cappedTotal, defineResource, T } from '../../resource/entity-resource';
import { formatDateTime } from '../../util/time';
import { moneyScope } from './money-base';

export function ledgerRoutes(deps: AppDeps): RouteSpec[] {
  const db = deps.db as unknown as AnyDb;
  const scope = moneyScope(db);
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
  return [...logs.routes, simpleList];
}
