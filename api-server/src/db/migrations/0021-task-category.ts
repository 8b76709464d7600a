import { type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../connect';
import { createdUpdated, withId } from '../table-helpers';

/** 任务分类: a supplier's two-level categories (DOMAIN.md §7); a package names its category. */
export function taskCategoryMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await createdUpdated(
        withId(db.schema.createTable('task_category'), dialect)
          .addColumn('supplierId', 'integer', (c) => c.notNull().references('mercht.id'))
          .addColumn('parentId', 'integer', (c) => c.references('task_category.id'))
          .addColumn('categoryName', 'varchar(50)', (c) => c.notNull())
          .addColumn('invoiceItemId', 'integer', (c) => c.references('invoice_item.id'))
          .addColumn('remark', 'varchar(1000)'),
      ).execute();
      await db.schema.createIndex('task_category_name_idx').on('task_category').columns(['supplierId', 'categoryName']).unique().execute();
      await db.schema.alterTable('work_package').addColumn('categoryId', 'integer', (c) => c.references('task_category.id')).execute();
    },
  };
}
