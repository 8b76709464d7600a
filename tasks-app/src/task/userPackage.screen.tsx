import { workPackage } from '@flexpay/shared-utility';
import { defineScreen, detail, form, remove, serverExport, transitions } from '@flexpay/shared-utility/kit';
import { assigneesTable, PACKAGE_COLUMNS, PACKAGE_FILTERS, PACKAGE_LIST, PACKAGE_SEARCH, takersTable } from './package-parts';

/**
 * /task/userPackage 客户发包: the packages of the caller's scope. ENT, SPR and SYS create them (ENT for
 * itself), edit or delete them while pending review, assign the talents of a private one and cancel
 * (ENT while pending, SPR/SYS before finished); MER reads.
 */
export const route = '/task/userPackage';

export default defineScreen(workPackage, {
  title: '客户发包',
  list: PACKAGE_LIST,
  search: PACKAGE_SEARCH,
  filterDialog: PACKAGE_FILTERS,
  columns: PACKAGE_COLUMNS,
  tabs: { by: 'status', values: [0, 10, 30, 40, 20, 50] },
  actions: [
    // The enterprise is the caller's own for ENT; categories are the supplier's (SPR).
    form({ drawer: true, fieldsFor: { entId: ['SYS', 'SPR'], categoryId: ['SPR'] }, titles: { add: '发布任务包', edit: '编辑任务包', view: '查看任务包' } }),
    detail(),
    assigneesTable,
    takersTable,
    transitions(['cancel']),
    remove(),
    serverExport(),
  ],
});
