/**
 * Order export modes 20/30/40 (spec §3 order export modes; DOMAIN.md §4 "Exports"; mode 10 is the kit's
 * list export at order/query/genExportExcelToken): `order/query/genModeExportToken {cond, exportMode}`
 * → `{token, total}` (single use, 5 minutes, bound to the caller, kept in export_token) and
 * `GET order/query/exportMode?token=` → xlsx; the kit's genExportExcelToken/export take `exportMode` too.
 * - 20 完工证明 (ENT, SPR, SYS): the success lines of the filtered orders;
 * - 30 税务申报 (SPR, SYS): per person × month, Σ payee of success lines;
 * - 40 人工 (SPR, SYS): the submitted lines of manual-channel orders (0/99) to pay by hand.
 */
import { accountTypeOf, EXPORT_WHOLE_ACTION, orderDetail, orderExportMode, type OrderExportMode, orderExportSheet, payOrder } from '@flexpay/shared-utility/src/pure';
import * as XLSX from 'xlsx';
import { audit } from '../../account/audit';
import { Code, Messages } from '../../http/codes';
import { ApiError } from '../../http/envelope';
import type { AppDeps, RouteSpec, SignedInContext } from '../../http/guard';
import type { Row } from '../../resource/codec';
import type { Resource } from '../../resource/entity-resource';
import { claimToken, exportFileName, issueToken, peekToken, sendXlsx } from '../../resource/export';
import { formatDateTime } from '../../util/time';

const PATH = 'order/query/exportMode';
/** Tokens of every order export share the kit's path, so the kit's own calls carry a mode too. */
const TOKEN_PATH = 'order/query';

export function orderExportRoutes(deps: AppDeps, orders: Resource<typeof payOrder.fields>): { routes: RouteSpec[]; withModes: (kit: RouteSpec[]) => RouteSpec[] } {
  const db = deps.db;
  const modeOf = (ctx: SignedInContext, raw: unknown) => {
    const mode = orderExportMode(raw);
    if (!mode) throw new ApiError(Code.VALIDATION, '请选择导出方式');
    if (!mode.for.includes(accountTypeOf(ctx.caller.user.adminType)!)) throw new ApiError(Code.NO_PERMISSION, Messages.noPermission);
    return mode;
  };
  async function sheet(ctx: SignedInContext, body: Row, mode: OrderExportMode): Promise<unknown[][]> {
    const { qb } = orders.filtered(ctx.caller, body);
    const ids = ((await qb.select('t.id').execute()) as Row[]).map((r) => r.id as number);
    if (ids.length === 0) return [];
    let q = db.selectFrom('order_detail as d').innerJoin('ent as e', 'e.id', 'd.entId').selectAll('d').select('e.entName').where('d.orderId', 'in', ids);
    if (mode.manual) q = q.where('d.payChannel', 'in', [0, 99]).where('d.status', '=', 10);
    else q = q.where('d.status', '=', 20);
    const lines = await q.orderBy('d.orderNo').orderBy('d.rowNo').execute();
    return orderExportSheet(mode.mode, lines.map((l) => ({ ...l, resultAt: formatDateTime(l.resultAt) })));
  }
  const routes: RouteSpec[] = [
    {
      path: 'order/query/genModeExportToken',
      perm: payOrder.codes.export!,
      handler: async (raw) => {
        const ctx = raw as SignedInContext;
        const mode = modeOf(ctx, ctx.body.exportMode);
        return { token: await issueToken(db, ctx, TOKEN_PATH, { cond: ctx.body.cond ?? {}, exportMode: mode.mode }) };
      },
    },
    {
      path: PATH,
      method: 'GET',
      perm: payOrder.codes.export!,
      raw: true,
      handler: async (raw) => {
        const ctx = raw as SignedInContext;
        const body = await claimToken(db, ctx, TOKEN_PATH);
        const mode = modeOf(ctx, body.exportMode);
        const book = XLSX.utils.book_new();
        const rows = await sheet(ctx, { cond: body.cond }, mode);
        XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), mode.title);
        const whole = mode.whole;
        if (whole && rows.length > 1)
          await audit(db, {
            operator: ctx.caller.user,
            now: ctx.now,
            action: EXPORT_WHOLE_ACTION,
            entity: orderDetail.name,
            entityId: '',
            changes: { revealedField: { from: null, to: `${mode.title}：${whole.map((n) => orderDetail.fields[n].label).join('、')}` }, exported: { from: null, to: rows.length - 1 } },
          });
        return sendXlsx(ctx.reply, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer, exportFileName(mode.title, ctx.now));
      },
    },
  ];
  const [genMode, exportMode] = routes;
  /**
   * The kit's `order/query/genExportExcelToken {cond, orderBy, exportMode?}` and `GET order/query/export`
   * serve modes 20/30/40 too: a mode token is answered by the mode's sheet, any other by the list.
   */
  const withModes = (kit: RouteSpec[]): RouteSpec[] =>
    kit.map((r) => {
      if (r.path === `${payOrder.paths.query}/genExportExcelToken`)
        return { ...r, handler: (ctx) => (orderExportMode(ctx.body.exportMode) ? genMode.handler(ctx) : r.handler(ctx)) };
      if (r.path === `${payOrder.paths.query}/export`)
        return {
          ...r,
          handler: async (ctx) => {
            return orderExportMode((await peekToken(db, ctx, TOKEN_PATH))?.exportMode) ? exportMode.handler(ctx) : r.handler(ctx);
          },
        };
      return r;
    });
  return { routes, withModes };
}
