/**
 * Demo task categories (DOMAIN.md §7, §12): two levels per supplier, the second-level ones invoiced as
 * one of the supplier's items; the demo packages are filed under them, so deleting one is refused.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';

const DAY_MS = 24 * 3600_000;

/** supplier code → first-level name → second-level names (each with the item it is invoiced as). */
const TREE: Record<string, Record<string, Array<[string, string]>>> = {
  SPR0001: {
    物流配送: [['同城配送', '*物流辅助服务*装卸搬运服务'], ['仓储分拣', '*物流辅助服务*装卸搬运服务']],
    企业服务: [['市场推广', '*现代服务*企业管理服务'], ['数据标注', '*现代服务*人力资源外包服务']],
  },
  SPR0002: {
    餐饮服务: [['门店帮厨', '*生活服务*餐饮服务'], ['外卖配送', '*现代服务*人力资源外包服务']],
  },
};

export async function seedTaskCategories(trx: Transaction<Database>, now: number): Promise<void> {
  let n = 0;
  const at = () => now - (60 - n++) * DAY_MS;
  for (const [code, firsts] of Object.entries(TREE)) {
    const supplier = await trx.selectFrom('mercht').select('id').where('merchtCode', '=', code).executeTakeFirstOrThrow();
    const items = new Map((await trx.selectFrom('invoice_item').select(['id', 'itemName']).where('supplierId', '=', supplier.id).execute()).map((i) => [i.itemName, i.id]));
    const seconds: number[] = [];
    for (const [first, children] of Object.entries(firsts)) {
      const t = at();
      const parent = await trx.insertInto('task_category').values({ supplierId: supplier.id, parentId: null, categoryName: first, invoiceItemId: null, remark: null, createdAt: t, updatedAt: t }).returning('id').executeTakeFirstOrThrow();
      for (const [name, item] of children) {
        const c = at();
        const child = await trx
          .insertInto('task_category')
          .values({ supplierId: supplier.id, parentId: parent.id, categoryName: name, invoiceItemId: items.get(item) ?? null, remark: null, createdAt: c, updatedAt: c })
          .returning('id')
          .executeTakeFirstOrThrow();
        seconds.push(child.id);
      }
    }
    const packages = await trx.selectFrom('work_package').select('id').where('supplierId', '=', supplier.id).orderBy('id').execute();
    for (const [i, p] of packages.entries()) await trx.updateTable('work_package').set({ categoryId: seconds[i % seconds.length] }).where('id', '=', p.id).execute();
  }
}
