import { orderDetail } from '@flexpay/shared-utility';
import { defineScreen, detail, serverExport, transitions } from '@flexpay/shared-utility/kit';
import { receiptCell } from './receipt';
import { reorderFailed } from './reorder';

/** /order/detail 订单明细: lines across orders; manual results on channels 0/99, receipts, failed lines re-ordered. */
export const route = '/order/detail';

export default defineScreen(orderDetail, {
  // Fits 1280 px beside 操作; ID type, phone, bank, fee, payee amount and times are in 详情.
  list: ['orderNo', 'rowNo', 'name', 'account', 'amount', 'status', 'reason', 'receiptFile', 'remadeTempOrderNo'],
  search: ['orderNo', 'name', 'idNumber'],
  filterDialog: ['entId', 'channel', 'account', 'amount', 'errorType', 'createdAt', 'resultAt'],
  tabs: { by: 'status', values: [0, 10, 20, 30, 50] },
  columns: {
    orderNo: { width: 120 },
    rowNo: { width: 50 },
    name: { width: 70 },
    account: { width: 160 },
    amount: { width: 90 },
    status: { width: 76 },
    reason: { width: 100 },
    receiptFile: { width: 140, render: receiptCell },
    remadeTempOrderNo: { width: 110 },
  },
  // A failed line already copied into a live temp order (重新制单 shows it) is not offered again.
  actions: [detail(), transitions(), reorderFailed((row) => [30, 50].includes(Number(row.status)) && !row.remadeTempOrderNo), serverExport()],
});
