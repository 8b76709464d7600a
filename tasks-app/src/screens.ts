/**
 * tasks-app's screen files, one per menu route (folder = menu group). Routes are derived from each
 * file's exported `route`; test/screens.test.ts checks this list against the files and the route table.
 */
import type { ScreenModule } from '@flexpay/shared-utility/kit';
import * as taskCategory from './task/category.screen';

export const SCREENS: ScreenModule[] = [taskCategory];
