import { calcFeeLog } from '@flexpay/shared-utility';
import { custom, defineScreen, detail, serverExport } from '@flexpay/shared-utility/kit';
import { entNameCell } from '../ent/ent-link';
import { BandsDialog } from './bands-dialog';

/** /order/feeLog 计费记录 (SYS, SPR, MER): each line's charge and reversals with the band breakdown; a merchant sees its own profit lines. */
export const route = '/order/feeLog';

export default defineScreen(calcFeeLog, {
  list: ['orderNo', 'rowNo', 'kind', 'entId', 'amount', 'entFee', 'merchtProfit', 'parentProfit', 'supIncome', 'createdAt'],
  search: ['orderNo', 'entId', 'kind'],
  filterDialog: ['merchtId', 'supplierId', 'idNumber', 'month', 'amount', 'createdAt'],
  listFor: { supIncome: ['SYS', 'SPR'] },
  columns: {
    orderNo: { width: 150 },
    rowNo: { width: 56 },
    kind: { width: 60 },
    entId: { render: entNameCell, width: 160 },
    amount: { width: 100 },
    entFee: { width: 96 },
    merchtProfit: { width: 100 },
    parentProfit: { width: 100 },
    supIncome: { width: 110 },
    createdAt: { width: 150 },
  },
  actions: [detail(), custom({ key: 'bands', label: '计费区间', scope: 'row', render: ({ row, close }) => <BandsDialog row={row} close={close} /> }), serverExport()],
});
