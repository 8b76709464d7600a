import { balanceApply } from '@flexpay/shared-utility';
import { defineScreen, detail, form, serverExport, transitions } from '@flexpay/shared-utility/kit';
import { entNameCell } from './ent-link';

/**
 * /ent/addBal 充值申请: an enterprise applies with its payment voucher; the supplier reviews, processes
 * and credits it (manual channels), or the bank channel's adapter answers when processing starts.
 */
export const route = '/ent/addBal';

export default defineScreen(balanceApply, {
  list: ['applyNo', 'entId', 'channel', 'amount', 'voucher', 'status', 'reason', 'createdAt'],
  search: ['applyNo', 'entId', 'channel'],
  filterDialog: ['amount', 'createdAt'],
  tabs: { by: 'status', values: [0, 10, 20, 50, 11, 51, 21, 90] },
  summary: ['amount'],
  columns: { entId: { render: entNameCell } },
  actions: [
    // An enterprise applies for itself (the server fills its id); the platform names the enterprise.
    form({ onlyFor: ['SYS', 'ENT'], routes: { create: 'addBalApply' }, titles: { add: '充值申请', edit: '充值申请', view: '充值申请' }, fieldsFor: { entId: ['SYS'] }, view: false }),
    detail(),
    transitions(),
    serverExport(),
  ],
});
