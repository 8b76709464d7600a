import { taskCategory } from '@flexpay/shared-utility';
import { defineScreen, detail, form, remove } from '@flexpay/shared-utility/kit';

/** /task/category 任务分类 (SPR): two levels, each second-level category invoiced as one of the supplier's items. */
export const route = '/task/category';

export default defineScreen(taskCategory, {
  list: ['categoryName', 'parentId', 'invoiceItemId', 'createdAt'],
  search: ['categoryName', 'parentId'],
  columns: { categoryName: { width: 190 }, parentId: { width: 150 }, invoiceItemId: { width: 240 }, createdAt: { width: 160 } },
  // The supplier is the caller's own (the server names it).
  actions: [form({ fieldsFor: { supplierId: ['SYS'] } }), detail(), remove()],
});
