import { refundApply } from '@flexpay/shared-utility';
import { defineScreen, detail, form, serverExport, transitions } from '@flexpay/shared-utility/kit';
import { entNameCell } from './ent-link';

/**
 * /ent/refund 退款记录: applying locks the amount at once; the supplier rejects (unlocked) or approves
 * and then records the payment's success (deducted) or failure (unlocked).
 */
export const route = '/ent/refund';

export default defineScreen(refundApply, {
  list: ['refundNo', 'entId', 'channel', 'balanceType', 'applyId', 'amount', 'status', 'reason', 'createdAt'],
  search: ['refundNo', 'entId', 'channel'],
  filterDialog: ['balanceType', 'amount', 'createdAt'],
  tabs: { by: 'status', values: [0, 10, 20, 30, 40] },
  summary: ['amount'],
  columns: { entId: { render: entNameCell } },
  actions: [
    form({ onlyFor: ['SYS', 'ENT'], routes: { create: 'apply' }, titles: { add: '申请退款', edit: '退款申请', view: '退款申请' }, fieldsFor: { entId: ['SYS'] }, view: false }),
    detail(),
    transitions(),
    serverExport(),
  ],
});
