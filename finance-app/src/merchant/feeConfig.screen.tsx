import { merchtFeeConfig } from '@flexpay/shared-utility';
import { defineScreen, detail, remove } from '@flexpay/shared-utility/kit';
import { feeForm } from '../fee/fee-form';

/** /merchant/feeConfig 商户费率 (SYS, SPR): the merchants' costs (底价). */
export const route = '/merchant/feeConfig';

// Fits 1280 px beside the 操作 column; the time is in 详情.
export const merchantFeeList = ['merchtId', 'feePattern', 'ratio', 'ladder', 'rounding'] as const;
export const merchantFeeColumns = { merchtId: { width: 230 }, feePattern: { width: 96 }, ratio: { width: 100 }, ladder: { width: 260 }, rounding: { width: 86 } };

export default defineScreen(merchtFeeConfig, {
  list: merchantFeeList,
  search: ['merchtId', 'feePattern'],
  columns: merchantFeeColumns,
  actions: [feeForm(merchtFeeConfig), detail(), remove('重置后该商户的企业无法制单，直到重新设置成本费率。确定重置吗？', { route: 'reset', label: '重置' })],
});
