import type { Generated } from 'kysely';

/** 任务分类 (migration migrations/0021-task-category.ts). */
export interface TaskCategoryTable {
  id: Generated<number>;
  supplierId: number;
  /** null for a first-level category. */
  parentId: number | null;
  categoryName: string;
  invoiceItemId: number | null;
  remark: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface TaskTables {
  task_category: TaskCategoryTable;
}
