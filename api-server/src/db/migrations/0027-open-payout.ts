import { type Kysely, type Migration } from 'kysely';

/**
 * Open-API payouts (issue 16, docs/open-api.md): a temp order created by an API client keeps the
 * client's request number, unique per client, so a retry after a lost answer or two copies of one
 * request sent at once can never create a second payout.
 */
export function openPayoutMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('temp_order').addColumn('openClientCode', 'varchar(16)').execute();
      await db.schema.alterTable('temp_order').addColumn('openReqNo', 'varchar(64)').execute();
      await db.schema.createIndex('temp_order_open_req_uq').on('temp_order').columns(['openClientCode', 'openReqNo']).unique().execute();
    },
  };
}
