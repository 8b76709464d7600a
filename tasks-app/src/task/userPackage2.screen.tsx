import { workPackage } from '@flexpay/shared-utility';
import { defineScreen, detail, transitions } from '@flexpay/shared-utility/kit';
import { PACKAGE_COLUMNS, PACKAGE_LIST, reviewDialog } from './package-parts';

/**
 * /task/userPackage2/:reviewStatus?/:pkgStatus? 平台接包: reviewed packages not shown yet (REVIEWED +
 * HIDDEN from the menu); the parameters preselect the two status filters. SPR/SYS 上架 or cancel.
 */
export const route = '/task/userPackage2/:reviewStatus?/:pkgStatus?';

export default defineScreen(workPackage, {
  title: '平台接包',
  list: PACKAGE_LIST,
  search: ['packageCode', 'name', 'entId', 'reviewStatus', 'pkgStatus'],
  filterDialog: ['packageType', 'status', 'endDate', 'createdAt'],
  params: { reviewStatus: 'reviewStatus', pkgStatus: 'pkgStatus' },
  columns: PACKAGE_COLUMNS,
  actions: [reviewDialog, transitions(['show', 'cancel']), detail()],
});
