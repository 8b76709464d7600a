import { asyncScheduler, concatMap, from, groupBy, merge, mergeMap, throttleTime } from 'rxjs';
import { ORDER_END_STATUSES, ORDER_EXPORT_MODES, orderProgress$, payOrder, request, type OrderProgress, type Row } from '@flexpay/shared-utility';
import { defineScreen, detail, serverExport, subTable, transitions } from '@flexpay/shared-utility/kit';
import { entNameCell } from '../ent/ent-link';
import { orderLines } from './lines';
import { reorderFailed } from './reorder';

/** /order/index 代发订单: orders by status, their review and handling, exports, and live progress. */
export const route = '/order/index';

/** Export modes 20/30/40 have their own token and file routes (10 is the kit's list export). */
const MODE_EXPORT = { token: 'order/query/genModeExportToken', file: 'order/query/exportMode' };

/** At most one re-read of an order per this many ms while its lines come in (a 5 000-line order sends many events). */
const REREAD_MS = 500;

/**
 * The orders on screen that are still moving report each change as it happens (no reload): the event
 * names the status and counts at once; the row's amounts and allowed actions follow from one re-read.
 */
const live = (records: Row[]) => {
  const running = records.filter((r) => !ORDER_END_STATUSES.has(Number(r.status))).map((r) => String(r.orderNo));
  if (running.length === 0) return null;
  const reread = (p: OrderProgress) => from(request<Row>(`${payOrder.paths.query}/get`, { orderNo: p.orderNo }, { silent: true }).then((r) => ({ ...p, ...r }), () => p));
  return orderProgress$(running).pipe(
    groupBy((p) => p.orderNo),
    mergeMap((changes) => merge(changes, changes.pipe(throttleTime(REREAD_MS, asyncScheduler, { leading: true, trailing: true }), concatMap(reread)))),
  );
};

export default defineScreen(payOrder, {
  // Fits 1280 px beside 操作; the fee and failed amount are in the totals row, channel, supplier, lock
  // amount, counts and notes in 详情 and 明细.
  list: ['orderNo', 'entId', 'lineCount', 'amount', 'successAmount', 'status', 'createdAt'],
  listFor: { entId: ['SYS', 'SPR', 'MER'] },
  search: ['orderNo', 'entId'],
  filterDialog: ['supplierId', 'merchtId', 'channel', 'status', 'amount', 'calcMode', 'tempOrderNo', 'createdAt'],
  tabs: { by: 'status', values: [12, 20, 22, 54, 60, 62, 162, 64] },
  summary: ['amount', 'fee', 'successAmount', 'failAmount'],
  summaryCount: '订单数',
  columns: {
    orderNo: { width: 120 },
    entId: { render: entNameCell, width: 140 },
    lineCount: { width: 52 },
    amount: { width: 100 },
    successAmount: { width: 100 },
    status: { width: 86 },
    createdAt: { width: 140 },
  },
  live,
  actions: [
    detail(),
    subTable({ key: 'lines', label: '明细', screen: orderLines, link: { orderNo: 'orderNo' } }),
    transitions(),
    // Ended with failed or unprocessed lines: 部分失败, 代发失败, 审核失败.
    reorderFailed((row) => [162, 64, 24].includes(Number(row.status))),
    serverExport(),
    // 完工证明, 税务申报, 人工代付表: their buttons and who may, as the server's sheets read them.
    ...Object.values(ORDER_EXPORT_MODES).map((m) => serverExport({ key: `export${m.mode}`, label: m.button, body: { exportMode: m.mode }, routes: MODE_EXPORT, onlyFor: m.for })),
  ],
});
