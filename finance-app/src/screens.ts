/**
 * finance-app's screen files, one per menu route (folder = menu group). Routes are derived from
 * each file's exported `route`; test/screens.test.ts checks this list against the files and the
 * shared route table.
 */
import type { ScreenModule } from '@flexpay/shared-utility/kit';
import * as supplierChannel from './supplier/channel.screen';
import * as supplierIndex from './supplier/index.screen';
import * as supplierTaxsource from './supplier/taxsource.screen';
import * as supplierXpay from './supplier/xpay.screen';

export const SCREENS: ScreenModule[] = [supplierTaxsource, supplierIndex, supplierChannel, supplierXpay];
