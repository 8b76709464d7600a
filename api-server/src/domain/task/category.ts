/**
 * /task/category 任务分类 (SPR): a supplier's two-level categories, each with an optional invoice item;
 * one in use by a package, or with sub-categories, cannot be deleted.
 */
import { TASK_MESSAGES, taskCategory } from '@flexpay/shared-utility/src/pure';
import { Code } from '../../http/codes';
import type { AppDeps, RouteSpec } from '../../http/guard';
import { defineResource } from '../../resource/entity-resource';
import { supplierOwned } from '../org-scope';

export function taskCategoryRoutes(deps: AppDeps): RouteSpec[] {
  return defineResource(deps, taskCategory, {
    ...supplierOwned(deps.db),
    duplicate: '分类名称已存在',
    refersTo: [
      { table: 'task_category', column: 'parentId', where: { parentId: null }, match: { supplierId: 'supplierId' }, message: TASK_MESSAGES.parentLevel },
      { table: 'invoice_item', column: 'invoiceItemId', match: { supplierId: 'supplierId' }, message: '请选择本供应商的开票项目', code: Code.OUT_OF_SCOPE },
    ],
    keptWhile: [
      { table: 'task_category', column: 'parentId', message: TASK_MESSAGES.hasChildren, code: Code.VALIDATION },
      { table: 'work_package', column: 'categoryId', message: TASK_MESSAGES.inUse, code: Code.VALIDATION },
    ],
  }).routes;
}
