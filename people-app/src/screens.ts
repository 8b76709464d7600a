/**
 * people-app's screen files, one per menu route (folder = menu group). Routes are derived from each
 * file's exported `route`; test/screens.test.ts checks this list against the files and the route table.
 */
import type { ScreenModule } from '@flexpay/shared-utility/kit';
import * as bankcard from './bankcard/index.screen';
import * as custBase from './cust.screen';
import * as custEnt from './cust/ent.screen';
import * as custImport from './cust/import.screen';
import * as custSup from './cust/sup.screen';

export const SCREENS: ScreenModule[] = [custImport, custEnt, custBase, bankcard, custSup];
