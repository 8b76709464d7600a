/**
 * Order export modes 20/30/40 (spec §3 order export modes; DOMAIN.md §4 "Exports"; mode 10 is the kit's
 * list export at order/query/genExportExcelToken): `order/query/genModeExportToken {cond, exportMode}`
 * → `{token, total}` (single use, 5 minutes, bound to the caller, kept in export_token) and
 * `GET order/query/exportMode?token=` → xlsx; the kit's genExportExcelToken/export take `exportMode` too.
 * - 20 完工证明 (ENT, SPR, SYS): the success lines of the filtered orders;
 * - 30 税务申报 (SPR, SYS): per person × month, Σ payee of success lines;
 * - 40 人工 (SPR, SYS): the submitted lines of manual-channel orders (0/99) to pay by hand.
 */
import { accountTypeOf, orderDetail, orderExportMode, orderExportSheet, payOrder } from '@flexpay/shared-utility/src/pure';
import { Code, Messages } from '../../http/codes';
import { ApiError } from '../../http/envelope';
import type { AppDeps, RouteSpec, SignedInContext } from '../../http/guard';
import type { Row } from '../../resource/codec';
import type { Resource } from '../../resource/entity-resource';
import { auditWholeExport, exportFileName, peekToken, tokenExport } from '../../resource/export';
import { xlsxOf } from '../../resource/xlsx-stream';
import { formatDateTime } from '../../util/time';

export function orderExportRoutes(deps: AppDeps, orders: Resource<typeof payOrder.fields>): { routes: RouteSpec[]; withModes: (kit: RouteSpec[]) => RouteSpec[] } {
  const db = deps.db;
  const modeOf = (ctx: SignedInContext, raw: unknown) => {
    const mode = orderExportMode(raw);
    if (!mode) throw new ApiError(Code.VALIDATION, '请选择导出方式');
    if (!mode.for.includes(accountTypeOf(ctx.caller.user.adminType)!)) throw new ApiError(Code.NO_PERMISSION, Messages.noPermission);
    return mode;
  };
  // Tokens of every order export share the kit's path (order/query), so the kit's own calls carry a mode too.
  const routes = tokenExport(deps, {
    path: payOrder.paths.query,
    perm: payOrder.codes.export!,
    ask: 'genModeExportToken',
    get: 'exportMode',
    prepare: async (ctx) => ({ query: { cond: ctx.body.cond ?? {}, exportMode: modeOf(ctx, ctx.body.exportMode).mode } }),
    file: async (ctx, asked) => {
      const mode = modeOf(ctx, asked.exportMode);
      const ids = ((await orders.filtered(ctx.caller, { cond: asked.cond }).qb.select('t.id').execute()) as Row[]).map((r) => r.id as number);
      let q = db.selectFrom('order_detail as d').innerJoin('ent as e', 'e.id', 'd.entId').selectAll('d').select('e.entName').where('d.orderId', 'in', ids);
      q = mode.manual ? q.where('d.payChannel', 'in', [0, 99]).where('d.status', '=', 10) : q.where('d.status', '=', 20);
      const lines = ids.length === 0 ? null : await q.orderBy('d.orderNo').orderBy('d.rowNo').execute();
      const rows = lines ? orderExportSheet(mode.mode, lines.map((l) => ({ ...l, resultAt: formatDateTime(l.resultAt) }))) : [];
      if (mode.whole && rows.length > 1) await auditWholeExport(db, ctx, orderDetail, `${mode.title}：${mode.whole.map((n) => orderDetail.fields[n].label).join('、')}`, rows.length - 1);
      return { bytes: xlsxOf(mode.title, rows), name: exportFileName(mode.title, ctx.now) };
    },
  });
  const [genMode, exportMode] = routes;
  /**
   * The kit's `order/query/genExportExcelToken {cond, orderBy, exportMode?}` and `GET order/query/export`
   * serve modes 20/30/40 too: a mode token is answered by the mode's sheet, any other by the list.
   */
  const withModes = (kit: RouteSpec[]): RouteSpec[] =>
    kit.map((r) => {
      if (r.path === `${payOrder.paths.query}/genExportExcelToken`) return { ...r, handler: (ctx) => (orderExportMode(ctx.body.exportMode) ? genMode.handler(ctx) : r.handler(ctx)) };
      if (r.path === `${payOrder.paths.query}/export`) return { ...r, handler: async (ctx) => (orderExportMode((await peekToken(db, ctx, payOrder.paths.query))?.exportMode) ? exportMode.handler(ctx) : r.handler(ctx)) };
      return r;
    });
  return { routes, withModes };
}
