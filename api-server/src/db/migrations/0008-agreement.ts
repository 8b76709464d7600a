import { type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../connect';
import { createdUpdated, withId } from '../table-helpers';

/**
 * 签约协议: a supplier's signing agreement templates. Every saved text is an immutable version; a
 * talent's signature (issue 8) points at the version it was shown.
 */
export function agreementMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await createdUpdated(
        withId(db.schema.createTable('agreement'), dialect)
          .addColumn('agreementCode', 'varchar(20)', (c) => c.notNull().unique())
          .addColumn('name', 'varchar(100)', (c) => c.notNull())
          .addColumn('supplierId', 'integer', (c) => c.notNull().references('mercht.id'))
          .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('content', 'text', (c) => c.notNull())
          .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('remark', 'varchar(500)'),
      ).execute();
      await withId(db.schema.createTable('agreement_version'), dialect)
        .addColumn('agreementId', 'integer', (c) => c.notNull().references('agreement.id'))
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('operatorName', 'varchar(100)', (c) => c.notNull())
        .addColumn('createdAt', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('agreement_version_uq', ['agreementId', 'version'])
        .execute();
    },
  };
}
