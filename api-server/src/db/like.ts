import { type Expression, type SqlBool, sql } from 'kysely';

/** Escapes LIKE's wildcards (% and _) and the escape character itself with a backslash. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/**
 * `column LIKE '%value%' ESCAPE '\'`: a substring search where % and _ in the value are literal
 * characters, on SQLite (which has no default escape character) and PostgreSQL alike (issue 12
 * finding 10). Case follows the dialect's LIKE (SQLite folds ASCII case, PostgreSQL does not).
 *
 *   qb.where(likeContains('admin_user.username', cond.username))
 */
export function likeContains(column: string, value: string): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref(column)} LIKE ${`%${escapeLike(value)}%`} ESCAPE ${sql.raw("'\\'")}`;
}
