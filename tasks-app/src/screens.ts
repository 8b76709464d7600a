/**
 * tasks-app's screen files, one per menu route (folder = menu group). Routes are derived from each
 * file's exported `route`; test/screens.test.ts checks this list against the files and the route table.
 */
import type { ScreenModule } from '@flexpay/shared-utility/kit';
import * as taskCategory from './task/category.screen';
import * as userPackage from './task/userPackage.screen';
import * as userPackage1 from './task/userPackage1.screen';
import * as userPackage2 from './task/userPackage2.screen';
import * as userPackage3 from './task/userPackage3.screen';
import * as userPackage4 from './task/userPackage4.screen';
import * as userPackage5 from './task/userPackage5.screen';
import * as orderDetail2 from './task/orderDetail2.screen';

export const SCREENS: ScreenModule[] = [taskCategory, userPackage, userPackage1, userPackage2, userPackage3, userPackage4, userPackage5, orderDetail2];
