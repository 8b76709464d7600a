/**
 * finance-app's screen files, one per menu route (folder = menu group; the enterprise edit routes
 * of STANDALONE_ROUTES sit at the top). Routes are derived from each file's exported `route`;
 * test/screens.test.ts checks this list against the files and the shared route table.
 */
import type { ScreenModule } from '@flexpay/shared-utility/kit';
import * as editEpArea from './editEpArea.screen';
import * as editEpContract from './editEpContract.screen';
import * as editEpIndustry from './editEpIndustry.screen';
import * as editEpQuote from './editEpQuote.screen';
import * as editIndustry from './editIndustry.screen';
import * as entAddBal from './ent/addBal.screen';
import * as entBalanceLog from './ent/balanceLog.screen';
import * as entChannelStats from './ent/channelStats.screen';
import * as entCoopEnt from './ent/coopEnt.screen';
import * as entEntContract from './ent/entContract.screen';
import * as entFeeConfig from './ent/feeConfig.screen';
import * as entFeeStats from './ent/feeStats.screen';
import * as entIndex from './ent/index.screen';
import * as entRefund from './ent/refund.screen';
import * as entStats from './ent/stats.screen';
import * as entStatement from './ent/statement.screen';
import * as entTaxPaidProof from './ent/taxPaidProof.screen';
import * as invoiceInvoiceInfo from './invoice/invoiceInfo.screen';
import * as invoiceInvoiceItem from './invoice/invoiceItem.screen';
import * as invoiceMyApply from './invoice/myApply.screen';
import * as invoiceToMeApply from './invoice/toMeApply.screen';
import * as merchantFeeConfig from './merchant/feeConfig.screen';
import * as merchantFeeStats from './merchant/feeStats.screen';
import * as merchantIndex from './merchant/index.screen';
import * as merchantMercContract from './merchant/mercContract.screen';
import * as merchantMerchtSub from './merchant/merchtSub.screen';
import * as merchantMerchtSup from './merchant/merchtSup.screen';
import * as merchantMyFeeConfig from './merchant/myFeeConfig.screen';
import * as merchantMyFeeStats from './merchant/myFeeStats.screen';
import * as merchantSubFeeConfig from './merchant/subFeeConfig.screen';
import * as merchantSubFeeStats from './merchant/subFeeStats.screen';
import * as orderDetail from './order/detail.screen';
import * as orderFeeLog from './order/feeLog.screen';
import * as orderIndex from './order/index.screen';
import * as orderProdOrder from './order/prodOrder.screen';
import * as supplierChannel from './supplier/channel.screen';
import * as supplierIndex from './supplier/index.screen';
import * as supplierTaxsource from './supplier/taxsource.screen';
import * as supplierXpay from './supplier/xpay.screen';

export const SCREENS: ScreenModule[] = [
  supplierTaxsource,
  supplierIndex,
  supplierChannel,
  supplierXpay,
  merchantIndex,
  merchantMerchtSup,
  merchantMerchtSub,
  merchantMercContract,
  merchantFeeConfig,
  merchantFeeStats,
  merchantMyFeeConfig,
  merchantMyFeeStats,
  merchantSubFeeConfig,
  merchantSubFeeStats,
  entIndex,
  entCoopEnt,
  entEntContract,
  entFeeConfig,
  entFeeStats,
  entChannelStats,
  entBalanceLog,
  entStatement,
  entAddBal,
  entRefund,
  entStats,
  entTaxPaidProof,
  orderProdOrder,
  orderIndex,
  orderDetail,
  orderFeeLog,
  invoiceInvoiceInfo,
  invoiceInvoiceItem,
  invoiceMyApply,
  invoiceToMeApply,
  editIndustry,
  editEpArea,
  editEpIndustry,
  editEpContract,
  editEpQuote,
];
