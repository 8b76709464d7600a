import { workPackage } from '@flexpay/shared-utility';
import { defineScreen, detail, transitions } from '@flexpay/shared-utility/kit';
import { PACKAGE_COLUMNS, PACKAGE_FILTERS, PACKAGE_LIST, PACKAGE_SEARCH, takersTable } from './package-parts';

/**
 * /task/userPackage4/:reviewStatus? 从业者接包 (REVIEWED from the menu): the takers of each package — add
 * one of the enterprise's talents (a private package's assigned ones), mark completed or cancel — and
 * 完成 once no taker is still working.
 */
export const route = '/task/userPackage4/:reviewStatus?';

export default defineScreen(workPackage, {
  title: '从业者接包',
  list: PACKAGE_LIST,
  search: PACKAGE_SEARCH,
  filterDialog: PACKAGE_FILTERS,
  params: { reviewStatus: 'reviewStatus' },
  columns: PACKAGE_COLUMNS,
  actions: [takersTable, transitions(['finish']), detail()],
});
