import { merchtFeeConfig } from '@flexpay/shared-utility';
import { defineScreen, detail } from '@flexpay/shared-utility/kit';
import { merchantFeeColumns, merchantFeeList } from './feeConfig.screen';

/** /merchant/myFeeConfig 我的费率 (MER): its own cost, set by its supplier or parent; read-only. */
export const route = '/merchant/myFeeConfig';

export default defineScreen(merchtFeeConfig, {
  title: '我的费率',
  list: merchantFeeList,
  cond: { own: true },
  columns: merchantFeeColumns,
  actions: [detail()],
});
