import { type Kysely, type Migration, sql } from 'kysely';
import type { DialectName } from '../connect';
import { createdUpdated, withId } from '../table-helpers';

/**
 * Talents become one record per person (issue 8, DOMAIN.md §6): unique (ID type, ID number) across the
 * platform, with the gates of a payout line as their own rows — cooperation with an enterprise, with a
 * supplier (signing, tax registration), files, bank cards — plus the card BIN table and import history.
 * `cust.entId`/`supplierId` stay as the enterprise that first registered the person; scope follows the
 * cooperation rows. Existing talents get their cooperation rows and card from their old columns.
 */
export function talentMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`DROP INDEX IF EXISTS cust_ent_idnumber_uq`.execute(db);
      await sql`CREATE UNIQUE INDEX IF NOT EXISTS cust_idnumber_uq ON cust ("idType", upper("idNumber"))`.execute(db);
      await db.schema.alterTable('cust').addColumn('remark', 'varchar(200)').execute();
      await db.schema.alterTable('cust').addColumn('bankName', 'varchar(50)').execute();
      await db.schema.alterTable('cust').addColumn('realNameAt', 'bigint').execute();

      await createdUpdated(
        withId(db.schema.createTable('cust_coop_ent'), dialect)
          .addColumn('custId', 'integer', (c) => c.notNull().references('cust.id'))
          .addColumn('entId', 'integer', (c) => c.notNull().references('ent.id'))
          .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('remark', 'varchar(200)'),
      ).execute();
      await db.schema.createIndex('cust_coop_ent_uq').on('cust_coop_ent').columns(['custId', 'entId']).unique().execute();
      await db.schema.createIndex('cust_coop_ent_ent_idx').on('cust_coop_ent').columns(['entId', 'custId']).execute();

      await createdUpdated(
        withId(db.schema.createTable('cust_coop_sup'), dialect)
          .addColumn('custId', 'integer', (c) => c.notNull().references('cust.id'))
          .addColumn('supplierId', 'integer', (c) => c.notNull().references('mercht.id'))
          .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('signChannel', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('signStatus', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('signStartedAt', 'bigint')
          .addColumn('signedAt', 'bigint')
          .addColumn('agreementVersionId', 'integer')
          .addColumn('taxRegStatus', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('taxRegAt', 'bigint')
          .addColumn('remark', 'varchar(200)'),
      ).execute();
      await db.schema.createIndex('cust_coop_sup_uq').on('cust_coop_sup').columns(['custId', 'supplierId']).unique().execute();
      await db.schema.createIndex('cust_coop_sup_sup_idx').on('cust_coop_sup').columns(['supplierId', 'custId']).execute();

      await withId(db.schema.createTable('cust_file'), dialect)
        .addColumn('custId', 'integer', (c) => c.notNull().references('cust.id'))
        .addColumn('fileType', 'integer', (c) => c.notNull())
        .addColumn('supplierId', 'integer', (c) => c.references('mercht.id'))
        .addColumn('url', 'varchar(500)', (c) => c.notNull())
        .addColumn('name', 'varchar(200)', (c) => c.notNull())
        .addColumn('fileMd5', 'varchar(32)', (c) => c.notNull())
        .addColumn('createdAt', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('cust_file_cust_idx').on('cust_file').columns(['custId', 'fileType']).execute();

      await createdUpdated(
        withId(db.schema.createTable('cust_card'), dialect)
          .addColumn('custId', 'integer', (c) => c.notNull().references('cust.id'))
          .addColumn('cardNo', 'varchar(30)', (c) => c.notNull())
          .addColumn('bankName', 'varchar(50)')
          .addColumn('cardType', 'varchar(3)', (c) => c.notNull().defaultTo('DC'))
          .addColumn('cardAttr', 'varchar(1)', (c) => c.notNull().defaultTo('C'))
          .addColumn('accountCategory', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('validated', 'integer', (c) => c.notNull().defaultTo(0)),
      ).execute();
      await db.schema.createIndex('cust_card_uq').on('cust_card').columns(['custId', 'cardNo']).unique().execute();

      await createdUpdated(
        withId(db.schema.createTable('bank_bin'), dialect)
          .addColumn('bin', 'varchar(12)', (c) => c.notNull().unique())
          .addColumn('bankName', 'varchar(50)', (c) => c.notNull())
          .addColumn('cardName', 'varchar(50)')
          .addColumn('cardType', 'varchar(3)', (c) => c.notNull())
          .addColumn('cardLength', 'integer', (c) => c.notNull())
          .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0)),
      ).execute();

      await withId(db.schema.createTable('cust_import'), dialect)
        .addColumn('importNo', 'varchar(32)', (c) => c.notNull().unique())
        .addColumn('entId', 'integer', (c) => c.notNull().references('ent.id'))
        .addColumn('supplierId', 'integer', (c) => c.notNull().references('mercht.id'))
        .addColumn('fileName', 'varchar(200)')
        .addColumn('fileUrl', 'varchar(500)')
        .addColumn('total', 'integer', (c) => c.notNull())
        .addColumn('successCount', 'integer', (c) => c.notNull())
        .addColumn('failCount', 'integer', (c) => c.notNull())
        .addColumn('operatorId', 'integer')
        .addColumn('operatorName', 'varchar(100)')
        .addColumn('createdAt', 'bigint', (c) => c.notNull())
        .execute();
      await withId(db.schema.createTable('cust_import_row'), dialect)
        .addColumn('importId', 'integer', (c) => c.notNull().references('cust_import.id'))
        .addColumn('rowNo', 'integer', (c) => c.notNull())
        .addColumn('name', 'varchar(50)')
        .addColumn('idNumber', 'varchar(30)')
        .addColumn('ok', 'integer', (c) => c.notNull())
        .addColumn('message', 'varchar(200)')
        .addColumn('custId', 'integer')
        .execute();
      await db.schema.createIndex('cust_import_row_idx').on('cust_import_row').columns(['importId', 'rowNo']).execute();

      // Existing talents keep their enterprise, supplier, signing state and card as rows of their own.
      await sql`INSERT INTO cust_coop_ent ("custId", "entId", status, "createdAt", "updatedAt")
        SELECT id, "entId", 0, "createdAt", "updatedAt" FROM cust`.execute(db);
      await sql`INSERT INTO cust_coop_sup ("custId", "supplierId", status, "signChannel", "signStatus", "signedAt", "taxRegStatus", "createdAt", "updatedAt")
        SELECT id, "supplierId", 0, CASE WHEN "signStatus" = 0 THEN 0 ELSE 2 END, "signStatus",
               CASE WHEN "signStatus" = 20 THEN "updatedAt" END, 0, "createdAt", "updatedAt" FROM cust`.execute(db);
      await sql`INSERT INTO cust_card ("custId", "cardNo", "cardType", "cardAttr", "accountCategory", validated, "createdAt", "updatedAt")
        SELECT id, "bankCard", 'DC', 'C', 0, 0, "createdAt", "updatedAt" FROM cust WHERE "bankCard" IS NOT NULL AND "bankCard" <> ''`.execute(db);
    },
  };
}
