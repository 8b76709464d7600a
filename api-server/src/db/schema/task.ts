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
  work_package_talent: WorkPackageTalentTable;
  work_package_taker: WorkPackageTakerTable;
}

/** Columns migration 0025 (migrations/0025-package.ts) adds to work_package (schema.ts WorkPackageTable extends it). */
export interface PackageColumns {
  /** yyyy-MM-dd (Asia/Shanghai); null only for packages made before 0025. */
  startDate: Generated<string | null>;
  endDate: Generated<string | null>;
  description: Generated<string | null>;
  /** JSON {url, fileMd5, name} of an uploaded file. */
  attachment: Generated<string | null>;
  /** Reason of a failed review. */
  reviewRemark: Generated<string | null>;
  /** Σ paid success lines of payouts made with the package code (DOMAIN.md §7 settlement). */
  settledFen: Generated<number>;
}

/** Talents assigned to a private package (DOMAIN.md §7: only they may take it). */
export interface WorkPackageTalentTable {
  id: Generated<number>;
  packageId: number;
  custId: number;
  createdAt: number;
}

/** 接包人: 10 taken, 20 completed, 90 cancelled. Unique per package and talent. */
export interface WorkPackageTakerTable {
  id: Generated<number>;
  packageId: number;
  custId: number;
  status: number;
  completedAt: number | null;
  remark: string | null;
  createdAt: number;
  updatedAt: number;
}
