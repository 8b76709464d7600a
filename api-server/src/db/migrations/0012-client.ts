import { type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../connect';
import { createdUpdated, withId } from '../table-helpers';

/**
 * API clients of the open API (DOMAIN.md §8): the client with its keys, the merchants and enterprises
 * it is authorised for, and the answers it was given by request number (idempotency).
 * Generated keys are stored encrypted with a key derived from the server's private key, plus their
 * last 4 characters for display; the client's RSA public key is public and stored as pasted.
 */
export function clientMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await createdUpdated(
        db.schema
          .createTable('client')
          .addColumn('clientCode', 'varchar(16)', (c) => c.primaryKey())
          .addColumn('clientName', 'varchar(50)', (c) => c.notNull())
          .addColumn('signType', 'varchar(3)', (c) => c.notNull())
          .addColumn('encryptMode', 'integer', (c) => c.notNull())
          .addColumn('ipWhitelist', 'varchar(1000)', (c) => c.notNull())
          .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('remark', 'varchar(1000)')
          .addColumn('md5KeyEnc', 'varchar(200)')
          .addColumn('md5KeyTail', 'varchar(4)')
          .addColumn('aesKeyEnc', 'varchar(200)')
          .addColumn('aesKeyTail', 'varchar(4)')
          .addColumn('rsaPublicKey', 'text')
          .addColumn('secretAt', 'bigint'),
      ).execute();
      await createdUpdated(
        withId(db.schema.createTable('client_mercht'), dialect)
          .addColumn('clientCode', 'varchar(16)', (c) => c.notNull().references('client.clientCode'))
          .addColumn('merchtId', 'integer', (c) => c.notNull().references('mercht.id'))
          .addColumn('authorization', 'integer', (c) => c.notNull())
          .addColumn('apiCodes', 'varchar(200)', (c) => c.notNull().defaultTo('[]'))
          .addColumn('remark', 'varchar(1000)')
          .addUniqueConstraint('client_mercht_uq', ['clientCode', 'merchtId']),
      ).execute();
      await createdUpdated(
        withId(db.schema.createTable('client_mercht_ent'), dialect)
          .addColumn('clientCode', 'varchar(16)', (c) => c.notNull().references('client.clientCode'))
          .addColumn('merchtId', 'integer', (c) => c.notNull().references('mercht.id'))
          .addColumn('entId', 'integer', (c) => c.notNull().references('ent.id'))
          .addColumn('authorization', 'integer', (c) => c.notNull())
          .addColumn('apiCodes', 'varchar(200)', (c) => c.notNull().defaultTo('[]'))
          .addColumn('remark', 'varchar(1000)')
          .addUniqueConstraint('client_mercht_ent_uq', ['clientCode', 'entId']),
      ).execute();
      await withId(db.schema.createTable('open_request'), dialect)
        .addColumn('clientCode', 'varchar(16)', (c) => c.notNull().references('client.clientCode'))
        .addColumn('reqNo', 'varchar(64)', (c) => c.notNull())
        .addColumn('apiCode', 'integer', (c) => c.notNull())
        .addColumn('answer', 'text', (c) => c.notNull())
        .addColumn('createdAt', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('open_request_uq', ['clientCode', 'reqNo'])
        .execute();
    },
  };
}
