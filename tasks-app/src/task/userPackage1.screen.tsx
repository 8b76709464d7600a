import { workPackage } from '@flexpay/shared-utility';
import { defineScreen, detail } from '@flexpay/shared-utility/kit';
import { PACKAGE_COLUMNS, PACKAGE_FILTERS, PACKAGE_LIST, PACKAGE_SEARCH, reviewDialog } from './package-parts';

/** /task/userPackage1/:reviewStatus? 待审核包 (SYS, SPR): the route parameter is the review-status tab (INIT from the menu). */
export const route = '/task/userPackage1/:reviewStatus?';

export default defineScreen(workPackage, {
  title: '待审核包',
  list: PACKAGE_LIST,
  search: PACKAGE_SEARCH,
  filterDialog: PACKAGE_FILTERS,
  columns: PACKAGE_COLUMNS,
  tabs: { by: 'reviewStatus', values: ['INIT', 'REVIEWED'], param: 'reviewStatus' },
  actions: [reviewDialog, detail()],
});
