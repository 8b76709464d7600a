import { type Kysely, type Migration } from 'kysely';

/**
 * 失败明细重新制单 (issue 21 item 5): a failed line copied into a new temp order points at it, and is
 * not copied again while that temp order lives (deleting it frees the line).
 */
export function orderRemadeMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('order_detail').addColumn('remadeTempId', 'integer').execute();
    },
  };
}
