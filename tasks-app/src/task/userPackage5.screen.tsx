import { workPackage } from '@flexpay/shared-utility';
import { defineScreen, detail, serverExport } from '@flexpay/shared-utility/kit';
import { PACKAGE_COLUMNS, PACKAGE_LIST, PACKAGE_SEARCH, takersTable } from './package-parts';

/** /task/userPackage5 从业者完成任务: finished packages (REVIEWED + FINISHED) with the takers who completed them. */
export const route = '/task/userPackage5';

export default defineScreen(workPackage, {
  title: '从业者完成任务',
  list: PACKAGE_LIST,
  search: PACKAGE_SEARCH,
  filterDialog: ['packageType', 'endDate', 'createdAt'],
  cond: { reviewStatus: 'REVIEWED', pkgStatus: 'FINISHED' },
  columns: PACKAGE_COLUMNS,
  actions: [takersTable, detail(), serverExport()],
});
