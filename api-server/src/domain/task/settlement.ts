/**
 * 从业者结算 (DOMAIN.md §7 settlement; spec §2 /task/orderDetail2, SYS and SPR): the payout lines made
 * with a package's code — its orders' lines and the rows of its temp orders not yet turned into
 * orders — with the package's settled total and counts; 发起结算 makes a temp order for the
 * package's enterprise, with the package code, one row per completed taker paid to the talent's
 * bank card, which then goes through 制单管理 like any other (order/temp.ts createTemp).
 */
import { PACKAGE_MESSAGES, PAY_LINE_KIND, packagePayLine, settledPackage, TAKER_STATUS } from '@flexpay/shared-utility/src/pure';
import { type SettleTaker, settlementRows, settlementSummary } from '@flexpay/shared-utility/src/pure/rules/server';
import { type RawBuilder, sql } from 'kysely';
import { Code } from '../../http/codes';
import { refuse } from '../../http/envelope';
import { type AppDeps, type RouteSpec, signed, type SignedInContext } from '../../http/guard';
import { whereEach } from '../../resource/batch';
import { clippedText, type Row, ruled } from '../../resource/codec';
import { type AnyDb, type AnyQuery, defineResource, keyValue, Resource, T } from '../../resource/entity-resource';
import { PICK_MESSAGES, pickedInt } from '../../resource/ent-channel';
import { entScope } from '../ent/index';
import type { tempOrderRoutes } from '../order/temp';

const NULL_INT = sql<number | null>`cast(null as integer)`;
/**
 * The columns of a pay line, each as [its name, from an order's line `d`, from a temp order's row `r`
 * (its temp order `tp`)]; the package `wp` is joined to both.
 */
type Cell = string | RawBuilder<unknown>;
const LINE_COLUMNS: ReadonlyArray<readonly [string, Cell, Cell]> = [
  ['lineId', sql`d.id * 2`, sql`r.id * 2 + 1`],
  ['kind', sql.lit(PAY_LINE_KIND.ORDER), sql.lit(PAY_LINE_KIND.TEMP)],
  ['packageId', 'wp.id', 'wp.id'],
  ['packageCode', 'wp.packageCode', 'wp.packageCode'],
  ['entId', 'd.entId', 'tp.entId'],
  ['billNo', 'd.orderNo', 'tp.tempNo'],
  ...['rowNo', 'name', 'idNumber', 'account', 'amountFen'].map((cell) => [cell, `d.${cell}`, `r.${cell}`] as const),
  ['status', 'd.status', NULL_INT],
  ['tempStatus', NULL_INT, 'tp.status'],
  ['reason', 'd.reason', 'r.errorMsg'],
  ['createdAt', 'd.createdAt', 'r.createdAt'],
  ['resultAt', 'd.resultAt', sql`cast(null as bigint)`],
];
const cellAs = (cell: Cell, name: string) => (typeof cell === 'string' ? `${cell} as ${name}` : cell.as(name));
const lineSelect = (side: 1 | 2) => LINE_COLUMNS.map((c) => cellAs(c[side], c[0]));

/** Both kinds of lines as one query aliased `t`: an order's lines (through the temp order it came from) and the rows of temp orders not yet an order. */
function payLines(db: AnyDb) {
  const withPackage = (qb: AnyQuery) => qb.innerJoin('work_package as wp', (j) => j.onRef('wp.packageCode', '=', 'tp.packageCode').onRef('wp.entId', '=', 'tp.entId'));
  const orderLines = withPackage(db.selectFrom('order_detail as d').innerJoin('temp_order as tp', 'tp.orderNo', 'd.orderNo') as AnyQuery).select(lineSelect(1));
  const tempRows = withPackage(db.selectFrom('temp_order_detail as r').innerJoin('temp_order as tp', 'tp.id', 'r.tempOrderId') as AnyQuery).where('tp.orderNo', 'is', null).select(lineSelect(2));
  return db.selectFrom(orderLines.unionAll(tempRows).as(T));
}

/** A query's rows counted by the values of `columns` (`{...values, n}`; rules/package-settlement.ts `countOf` adds them up). */
const grouped = async (qb: AnyQuery, columns: string[]) => (await qb.select([...columns, (eb) => eb.fn.countAll<number>().as('n')]).groupBy(columns).execute()) as Row[];

export function settlementRoutes(deps: AppDeps, createTemp: ReturnType<typeof tempOrderRoutes>['createTemp']): RouteSpec[] {
  const db = deps.db;
  const inEntScope = entScope(db, `${T}.entId`);

  // The package named by a summary or 发起结算, in the caller's scope (1004/3002). 发起结算 is its command (entities/task.ts
  // settledPackage: 1009 until it passed 审核); its effect makes the temp order in the command's transaction and answers it.
  const packages = new Resource(deps, settledPackage, {
    scope: inEntScope,
    effects: {
      settle: async ({ row: pkg, ...ctx }) => {
        const completed = await completedTakers(ctx.trx, Number(pkg.id));
        if (completed.length === 0) refuse(Code.CONFLICT, PACKAGE_MESSAGES.noCompletedTakers);
        const { rows } = ruled(settlementRows(completed, ctx.body.rows));
        const channel = pickedInt(ctx.body.channel, 0, PICK_MESSAGES.channel, 'given');
        const extra = { packageCode: String(pkg.packageCode), remark: clippedText(ctx.body.remark, 200) ?? `任务包${String(pkg.packageCode)}结算` };
        // The temp order's own audit entry records it (as 制单's create does); the package did not change.
        return { answer: await createTemp(ctx, Number(pkg.entId), channel, rows as Row[], extra, ctx.trx), audit: false };
      },
    },
  });

  /** The completed takers with their default bank card (the talent's own card number). */
  const completedTakers = (db: AnyDb, packageId: number) =>
    db
      .selectFrom('work_package_taker as k')
      .innerJoin('cust as c', 'c.id', 'k.custId')
      .select(['c.id as custId', 'c.name', 'c.idType', 'c.idNumber', 'c.phone', 'c.bankCard', 'c.bankName'])
      .where('k.packageId', '=', packageId)
      .where('k.status', '=', TAKER_STATUS.COMPLETED)
      .orderBy('k.id')
      .execute() as Promise<SettleTaker[]>;

  /**
   * summary {id} → the package, its settled total, its takers' and lines' counts, and what 发起结算
   * asks: the completed takers (masked ID and card) and the enterprise's open pay channels.
   */
  async function summary(ctx: SignedInContext) {
    const pkg = await packages.load(ctx.caller, keyValue(settledPackage, ctx.body));
    const id = Number(pkg.id);
    const takers = await grouped(db.selectFrom('work_package_taker').where('packageId', '=', id) as AnyQuery, ['status']);
    const lines = await grouped(db.selectFrom(payLines(db).selectAll().where(`${T}.packageId`, '=', id).as('l')) as AnyQuery, ['kind', 'status']);
    const channels = await whereEach(db.selectFrom('ent_account').select('channel'), { entId: pkg.entId, status: 0 }).execute();
    return settlementSummary(pkg, takers, lines, await completedTakers(db, id), channels.map((c) => Number(c.channel)));
  }

  // 从业者结算 is the platform's and the supplier's (spec §2: SYS, SPR).
  return [
    ...defineResource(deps, packagePayLine, {
      from: payLines,
      scope: inEntScope,
      create: false,
      update: false,
      simple: false,
      // ID and account numbers are masked by the entity's `masked` fields (issue 22 item 6); common/reveal reads them
      // whole. Neither is a search field, so the kit refuses a filter on them for everyone (issue 21 item 4).
      summary: ['amount'],
    }).routes,
    { path: `${packagePayLine.paths.query}/summary`, perm: packagePayLine.codes.query, handler: signed(summary) },
    { path: `${packagePayLine.paths.mgr}/settle`, perm: packagePayLine.codes.mgr!, handler: signed((ctx) => packages.transition(ctx, 'settle')) },
  ].map((route): RouteSpec => ({ ...route, for: ['SYS', 'SPR'] }));
}
