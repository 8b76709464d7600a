import { orderDetail } from '@flexpay/shared-utility';
import { defineScreen, detail, serverExport, transitions } from '@flexpay/shared-utility/kit';
import { receiptCell } from './receipt';

/** An order's lines in the 900 px drawer of 代发订单. */
export const orderLines = defineScreen(orderDetail, {
  title: '订单明细',
  list: ['rowNo', 'name', 'account', 'amount', 'fee', 'payee', 'status', 'reason', 'receiptFile'],
  search: ['name', 'status'],
  columns: {
    rowNo: { width: 56 },
    name: { width: 80 },
    account: { width: 170 },
    amount: { width: 90 },
    fee: { width: 80 },
    payee: { width: 90 },
    status: { width: 80 },
    reason: { width: 120 },
    receiptFile: { width: 150, render: receiptCell },
  },
  actions: [detail(), transitions(), serverExport()],
});
