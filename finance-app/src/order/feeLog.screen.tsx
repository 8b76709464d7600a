import { calcFeeLog } from '@flexpay/shared-utility';
import { defineScreen, detail, serverExport, textView } from '@flexpay/shared-utility/kit';
import { entNameCell } from '../ent/ent-link';
import { BANDS_TABLE, bandsFee } from './bands';

/** /order/feeLog 计费记录 (SYS, SPR, MER): each line's charge and reversals with the band breakdown; a merchant sees its own profit lines. */
export const route = '/order/feeLog';

export default defineScreen(calcFeeLog, {
  // Fits 1280 px beside 操作; the time, pattern, costs and the bands are in 详情 and 计费区间.
  list: ['orderNo', 'rowNo', 'kind', 'entId', 'amount', 'entFee', 'merchtProfit', 'parentProfit', 'supIncome'],
  search: ['orderNo', 'entId', 'kind'],
  filterDialog: ['merchtId', 'supplierId', 'idNumber', 'month', 'amount', 'createdAt'],
  listFor: { supIncome: ['SYS', 'SPR'] },
  summary: ['amount', 'entFee', 'merchtProfit', 'parentProfit', 'supIncome'],
  columns: {
    orderNo: { width: 120 },
    rowNo: { width: 50 },
    kind: { width: 56 },
    entId: { render: entNameCell, width: 150 },
    amount: { width: 96 },
    entFee: { width: 90 },
    merchtProfit: { width: 96 },
    parentProfit: { width: 96 },
    supIncome: { width: 100 },
  },
  actions: [
    detail(),
    // How the line's fee was made up, band by band: a read-only table and the fee, drawn by the kit.
    textView({ key: 'bands', label: '计费区间', title: (row) => `计费区间（${String(row.orderNo ?? '')}-${String(row.rowNo ?? '')}）`, note: () => '每个区间的费率，及该区间内计费的金额', table: BANDS_TABLE, text: bandsFee, testId: 'fee-bands' }),
    serverExport(),
  ],
});
