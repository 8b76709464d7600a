import { orderDetail } from '@flexpay/shared-utility';
import { defineScreen, detail, serverExport, transitions } from '@flexpay/shared-utility/kit';
import { receiptCell } from './receipt';

/** An order's lines in the 900 px drawer of 代发订单. */
export const orderLines = defineScreen(orderDetail, {
  title: '订单明细',
  // Fits the drawer; fee and payee amount are in 详情.
  list: ['rowNo', 'name', 'account', 'amount', 'status', 'reason', 'receiptFile'],
  search: ['name', 'status'],
  columns: {
    rowNo: { width: 50 },
    name: { width: 70 },
    account: { width: 160 },
    amount: { width: 90 },
    status: { width: 76 },
    reason: { width: 110 },
    receiptFile: { width: 150, render: receiptCell },
  },
  actions: [detail(), transitions(), serverExport()],
});
