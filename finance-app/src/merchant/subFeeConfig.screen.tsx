import { merchtFeeConfig } from '@flexpay/shared-utility';
import { defineScreen, detail, remove } from '@flexpay/shared-utility/kit';
import { feeForm } from '../fee/fee-form';
import { merchantFeeColumns, merchantFeeList } from './feeConfig.screen';

/** /merchant/subFeeConfig 下级费率 (MER): the costs a merchant sets for its sub-merchants. */
export const route = '/merchant/subFeeConfig';

export default defineScreen(merchtFeeConfig, {
  title: '下级费率',
  list: merchantFeeList,
  search: ['merchtId', 'feePattern'],
  columns: merchantFeeColumns,
  actions: [feeForm(merchtFeeConfig), detail(), remove('重置后该下级商户的企业无法制单，直到重新设置成本费率。确定重置吗？', { route: 'reset', label: '重置' })],
});
