/** Task packages (DOMAIN.md §7, spec §2 /task): a supplier's two-level task categories. */
import { defineEntity } from '../entity';

export const TASK_MESSAGES = {
  parentLevel: '上级分类只能是本供应商的一级分类',
  inUse: '该分类下存在任务包，无法删除',
  hasChildren: '该分类下存在子分类，无法删除',
} as const;

export const taskCategory = defineEntity({
  name: 'taskCategory',
  table: 'task_category',
  key: 'id',
  labelField: 'categoryName',
  title: '任务分类',
  paths: { query: 'package/cat/query', mgr: 'package/cat/mgr' },
  codes: { query: 32110, mgr: 32120 },
  fields: {
    id: { label: 'ID', type: 'int', list: false, detail: false },
    categoryName: { label: '分类名称', type: 'text', required: true, max: 50, create: true, update: true, search: 'like', width: 200 },
    parentId: { label: '上级分类', type: 'ref', ref: 'taskCategory', show: 'parentName', create: true, nullable: true, search: 'eq', placeholder: '不选为一级分类', width: 160 },
    invoiceItemId: { label: '开票项目', type: 'ref', ref: 'invoiceItem', show: 'itemName', create: true, update: true, nullable: true, width: 240 },
    supplierId: { label: '供应商', type: 'ref', ref: 'supplier', show: 'supplierName', create: true, width: 220 },
    remark: { label: '备注', type: 'textarea', rule: 'remark', create: true, update: true, nullable: true, list: false },
    createdAt: { label: '创建时间', type: 'datetime', search: 'range', sort: true, width: 160 },
  },
});
