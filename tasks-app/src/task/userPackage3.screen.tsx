import { workPackage } from '@flexpay/shared-utility';
import { defineScreen, detail, transitions } from '@flexpay/shared-utility/kit';
import { PACKAGE_COLUMNS, PACKAGE_LIST, PACKAGE_SEARCH, takersTable } from './package-parts';

/** /task/userPackage3 平台分包: packages shown to talents (REVIEWED + SHOWED); SPR/SYS 下架 them and see who took them. */
export const route = '/task/userPackage3';

export default defineScreen(workPackage, {
  title: '平台分包',
  list: PACKAGE_LIST,
  search: PACKAGE_SEARCH,
  filterDialog: ['packageType', 'endDate', 'createdAt'],
  cond: { reviewStatus: 'REVIEWED', pkgStatus: 'SHOWED' },
  columns: PACKAGE_COLUMNS,
  actions: [transitions(['hide', 'show']), takersTable, detail()],
});
