import { entFeeConfig } from '@flexpay/shared-utility';
import { defineScreen, detail, remove } from '@flexpay/shared-utility/kit';
import { feeForm } from '../fee/fee-form';
import { entNameCell } from './ent-link';

/** /ent/feeConfig 企业费率: SYS and the supplier price their enterprises; merchants and enterprises read. */
export const route = '/ent/feeConfig';

export default defineScreen(entFeeConfig, {
  // Fits 1280 px beside the 操作 column; the merchant, rounding and time are in 详情.
  list: ['entId', 'feePattern', 'calcMode', 'ratio', 'ladder'],
  search: ['entId', 'merchtId', 'feePattern'],
  columns: { entId: { render: entNameCell, width: 230 }, feePattern: { width: 96 }, calcMode: { width: 80 }, ratio: { width: 100 }, ladder: { width: 260 } },
  actions: [feeForm(entFeeConfig, { withCalcMode: true }), detail(), remove('重置后该企业无法制单，直到重新设置费率。确定重置吗？', { route: 'reset', label: '重置' })],
});
