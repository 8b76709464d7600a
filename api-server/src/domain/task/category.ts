/**
 * /task/category 任务分类 (SPR): a supplier's two-level categories, each with an optional invoice item;
 * one in use by a package, or with sub-categories, cannot be deleted.
 */
import { TASK_MESSAGES, taskCategory } from '@flexpay/shared-utility/src/pure';
import { Code } from '../../http/codes';
import { ApiError, refuse } from '../../http/envelope';
import type { AppDeps, RouteSpec } from '../../http/guard';
import type { Row } from '../../resource/codec';
import { type AnyDb, defineResource } from '../../resource/entity-resource';
import { ownSupplierOnCreate, supplierOwned } from '../org-scope';

export function taskCategoryRoutes(deps: AppDeps): RouteSpec[] {
  const categories = defineResource(deps, taskCategory, {
    ...supplierOwned(deps.db as unknown as AnyDb),
    duplicate: '分类名称已存在',
    check: async (ctx, next, before) => {
      await ownSupplierOnCreate(ctx, next, before);
      if (next.parentId !== null && next.parentId !== undefined) {
        const parent = (await ctx.trx.selectFrom('task_category').select(['supplierId', 'parentId']).where('id', '=', Number(next.parentId)).executeTakeFirst()) as Row | undefined;
        if (!parent || parent.parentId !== null || parent.supplierId !== next.supplierId) refuse(Code.VALIDATION, TASK_MESSAGES.parentLevel);
      }
      if (next.invoiceItemId !== null && next.invoiceItemId !== undefined) {
        const item = await ctx.trx.selectFrom('invoice_item').select('id').where('id', '=', Number(next.invoiceItemId)).where('supplierId', '=', Number(next.supplierId)).executeTakeFirst();
        if (!item) throw new ApiError(Code.OUT_OF_SCOPE, '请选择本供应商的开票项目');
      }
    },
    keptWhile: [
      { table: 'task_category', column: 'parentId', message: TASK_MESSAGES.hasChildren, code: Code.VALIDATION },
      { table: 'work_package', column: 'categoryId', message: TASK_MESSAGES.inUse, code: Code.VALIDATION },
    ],
  });
  return categories.routes;
}
