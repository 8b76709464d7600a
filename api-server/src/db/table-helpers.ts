import type { CreateTableBuilder } from 'kysely';
import type { DialectName } from './connect';

/**
 * One schema-builder migration list for both dialects. The only dialect difference is how an
 * auto-increment key is spelled (SQLite INTEGER PRIMARY KEY AUTOINCREMENT, PostgreSQL SERIAL).
 */
export function withId<TB extends string, C extends string>(tb: CreateTableBuilder<TB, C>, dialect: DialectName, name = 'id') {
  return dialect === 'postgres'
    ? tb.addColumn(name, 'serial', (c) => c.primaryKey())
    : tb.addColumn(name, 'integer', (c) => c.primaryKey().autoIncrement());
}

export function createdUpdated<TB extends string, C extends string>(tb: CreateTableBuilder<TB, C>) {
  return tb.addColumn('createdAt', 'bigint', (c) => c.notNull()).addColumn('updatedAt', 'bigint', (c) => c.notNull());
}
