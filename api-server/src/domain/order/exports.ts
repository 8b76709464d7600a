/**
 * Order export modes 20/30/40 (spec §3 order export modes; DOMAIN.md §4 "Exports"; mode 10 is the kit's
 * list export at order/query/genExportExcelToken): `order/query/genModeExportToken {cond, exportMode}`
 * → `{token, total}` (single use, 5 minutes, bound to the caller, kept in export_token) and
 * `GET order/query/exportMode?token=` → xlsx; the kit's genExportExcelToken/export take `exportMode` too.
 * - 20 完工证明 (ENT, SPR, SYS): the success lines of the filtered orders;
 * - 30 税务申报 (SPR, SYS): per person × month, Σ payee of success lines;
 * - 40 人工 (SPR, SYS): the submitted lines of manual-channel orders (0/99) to pay by hand.
 */
import { AdminType, EXPORT_WHOLE_ACTION, formatFen, maskPersonal, orderDetail, payOrder } from '@flexpay/shared-utility/src/pure';
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
/**
 * Issue 22 item 6: 完工证明 shows the ID number masked (it goes to the enterprise and the worker);
 * 税务申报 and 人工代发 carry whole numbers (`whole`: a tax declaration and a bank transfer need them),
 * each such file audited once as exportWhole with the fields it holds whole and its row count.
 */
const MODES: Record<number, { title: string; types: number[]; whole?: string[] }> = {
  20: { title: '完工证明', types: [AdminType.ENT, AdminType.SPR, AdminType.SYS] },
  30: { title: '税务申报', types: [AdminType.SPR, AdminType.SYS], whole: ['idNumber'] },
  40: { title: '人工代发', types: [AdminType.SPR, AdminType.SYS], whole: ['idNumber', 'account'] },
};

export function orderExportRoutes(deps: AppDeps, orders: Resource<typeof payOrder.fields>): { routes: RouteSpec[]; withModes: (kit: RouteSpec[]) => RouteSpec[] } {
  const db = deps.db;
  const modeOf = (ctx: SignedInContext, raw: unknown) => {
    const mode = Number(raw);
    if (!MODES[mode]) throw new ApiError(Code.VALIDATION, '请选择导出方式');
    if (!MODES[mode].types.includes(ctx.caller.user.adminType)) throw new ApiError(Code.NO_PERMISSION, Messages.noPermission);
    return mode;
  };
  async function sheet(ctx: SignedInContext, body: Row, mode: number): Promise<unknown[][]> {
    const { qb } = orders.filtered(ctx.caller, body);
    const ids = ((await qb.select('t.id').execute()) as Row[]).map((r) => r.id as number);
    if (ids.length === 0) return [];
    let q = db.selectFrom('order_detail as d').innerJoin('ent as e', 'e.id', 'd.entId').selectAll('d').select('e.entName').where('d.orderId', 'in', ids);
    if (mode === 40) q = q.where('d.payChannel', 'in', [0, 99]).where('d.status', '=', 10);
    else q = q.where('d.status', '=', 20);
    const lines = await q.orderBy('d.orderNo').orderBy('d.rowNo').execute();
    if (mode === 20) return [['企业', '订单编号', '行号', '姓名', '证件号码', '金额(元)', '实发金额(元)', '完成时间'], ...lines.map((l) => [l.entName, l.orderNo, l.rowNo, l.name, maskPersonal('idNumber', l.idNumber), formatFen(Number(l.amountFen)), formatFen(Number(l.payeeFen)), formatDateTime(l.resultAt)])];
    if (mode === 40) return [['订单编号', '行号', '姓名', '证件号码', '收款账号', '开户行', '实发金额(元)', '流水号'], ...lines.map((l) => [l.orderNo, l.rowNo, l.name, l.idNumber, l.account, l.bankName ?? '', formatFen(Number(l.payeeFen)), l.serialNo])];
    const byPerson = new Map<string, { name: string; idType: number; idNumber: string; month: string; entName: string; count: number; payee: number }>();
    for (const l of lines) {
      const key = `${l.entId}|${l.idType}|${l.idNumber}|${l.month}`;
      const v = byPerson.get(key) ?? { name: l.name, idType: l.idType, idNumber: l.idNumber, month: l.month, entName: l.entName, count: 0, payee: 0 };
      v.count += 1;
      v.payee += Number(l.payeeFen);
      byPerson.set(key, v);
    }
    return [['所属月份', '企业', '姓名', '证件类型', '证件号码', '笔数', '实发合计(元)'], ...[...byPerson.values()].map((v) => [v.month, v.entName, v.name, v.idType, v.idNumber, v.count, formatFen(v.payee)])];
  }
  const routes: RouteSpec[] = [
    {
      path: 'order/query/genModeExportToken',
      perm: payOrder.codes.export!,
      handler: async (raw) => {
        const ctx = raw as SignedInContext;
        const mode = modeOf(ctx, ctx.body.exportMode);
        return { token: await issueToken(db, ctx, TOKEN_PATH, { cond: ctx.body.cond ?? {}, exportMode: mode }) };
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
        XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), MODES[mode].title);
        const whole = MODES[mode].whole;
        if (whole && rows.length > 1)
          await audit(db, {
            operator: ctx.caller.user,
            now: ctx.now,
            action: EXPORT_WHOLE_ACTION,
            entity: orderDetail.name,
            entityId: '',
            changes: { revealedField: { from: null, to: `${MODES[mode].title}：${whole.map((n) => orderDetail.fields[n as keyof typeof orderDetail.fields].label).join('、')}` }, exported: { from: null, to: rows.length - 1 } },
          });
        return sendXlsx(ctx.reply, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer, exportFileName(MODES[mode].title, ctx.now));
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
        return { ...r, handler: (ctx) => (MODES[Number(ctx.body.exportMode)] && Number(ctx.body.exportMode) !== 10 ? genMode.handler(ctx) : r.handler(ctx)) };
      if (r.path === `${payOrder.paths.query}/export`)
        return {
          ...r,
          handler: async (ctx) => {
            const mode = Number((await peekToken(db, ctx, TOKEN_PATH))?.exportMode);
            return MODES[mode] ? exportMode.handler(ctx) : r.handler(ctx);
          },
        };
      return r;
    });
  return { routes, withModes };
}
