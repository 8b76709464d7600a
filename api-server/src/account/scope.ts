import { AdminType } from '@flexpay/shared-utility/src/pure';
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, SqliteAdapter, sql } from 'kysely';
import type { Database } from '../db/schema';
import type { AdminUserRow } from './permissions';

/** What a caller's organisation lets it see (CONTRACT.md "Organisations and who sees what"). */
export type OrgScope =
  | { kind: 'all' }
  | { kind: 'supplier'; supplierId: number }
  | { kind: 'merchant'; merchtId: number }
  | { kind: 'ent'; entId: number };

export function scopeOf(user: AdminUserRow): OrgScope {
  const orgId = user.orgId ?? -1;
  switch (user.adminType) {
    case AdminType.SYS:
      return { kind: 'all' };
    case AdminType.SPR:
      return { kind: 'supplier', supplierId: orgId };
    case AdminType.MER:
      return { kind: 'merchant', merchtId: orgId };
    default:
      return { kind: 'ent', entId: orgId };
  }
}

/**
 * `column IN (the scope's enterprises)`. On SQLite with the caller's share of all enterprises
 * (entShareOf) as the term's likelihood: its planner otherwise takes the term for a very selective one
 * and reads a broad scope through the entId index — sorting a supplier's million lines for a page that
 * walking the sort's index finds at once, or fetching a merchant's every order to count this month's
 * (npm run bench:scale); a narrow scope keeps the entId index.
 */
export function scopedIn(db: Kysely<any>, column: string, ids: Expression<unknown>, share: number | undefined): Expression<SqlBool> { // eslint-disable-line @typescript-eslint/no-explicit-any
  if (share === undefined || !(db.getExecutor().adapter instanceof SqliteAdapter)) return sql<SqlBool>`${sql.ref(column)} in (${ids})`;
  // likelihood() takes a literal between 0 and 1; a share rounded to 1/1000 keeps the statement texts few.
  const likelihood = sql.lit(Math.min(1, Math.max(0.001, Math.round(share * 1000) / 1000)));
  return sql<SqlBool>`likelihood(${sql.ref(column)} in (${ids}), ${likelihood})`;
}

/**
 * Condition on a row that carries an enterprise and a supplier column. A merchant sees its own
 * enterprises and those of its direct sub-merchants. `share`: the caller's entShare (a planner hint).
 */
export function rowInScope(
  db: Kysely<Database>,
  scope: OrgScope,
  columns: { ent: string; supplier: string },
  share?: number,
): (eb: ExpressionBuilder<Database, keyof Database>) => Expression<SqlBool> {
  return (eb) => {
    switch (scope.kind) {
      case 'all':
        return sql<SqlBool>`1 = 1`;
      case 'supplier':
        return eb(sql.ref(columns.supplier), '=', scope.supplierId);
      case 'ent':
        return eb(sql.ref(columns.ent), '=', scope.entId);
      case 'merchant':
        return scopedIn(db, columns.ent, merchantEntIds(db, scope.merchtId), share);
    }
  };
}

function merchantEntIds(db: Kysely<Database>, merchtId: number) {
  return db
    .selectFrom('ent')
    .select('ent.id')
    .where((eb) =>
      eb.or([
        eb('ent.merchtId', '=', merchtId),
        eb('ent.merchtId', 'in', db.selectFrom('mercht').select('mercht.id').where('mercht.parentId', '=', merchtId)),
      ]),
    );
}

/**
 * The share of all enterprises a scope holds (1 for the platform), a hint for SQLite's planner: it
 * takes `entId IN (the scope's enterprises)` for a very selective term whatever the scope, and sorts a
 * supplier's whole million rows where walking the sort's index would stop after a page (entScope).
 */
export async function entShareOf(db: Kysely<Database>, scope: OrgScope): Promise<number> {
  if (scope.kind === 'all') return 1;
  const counted = await db
    .selectFrom('ent')
    .select((eb) => [eb.fn.countAll<number>().as('all'), eb.fn.sum<number>(eb.case().when(rowInScope(db, scope, { ent: 'ent.id', supplier: 'ent.supplierId' })(eb)).then(1).else(0).end()).as('mine')])
    .executeTakeFirstOrThrow();
  return Number(counted.all) === 0 ? 0 : Number(counted.mine ?? 0) / Number(counted.all);
}

/** Whether one enterprise is inside the caller's scope (used to answer 3002 for single records). */
export async function entInScope(db: Kysely<Database>, scope: OrgScope, entId: number): Promise<boolean> {
  const row = await db
    .selectFrom('ent')
    .select('ent.id')
    .where('ent.id', '=', entId)
    .where(rowInScope(db, scope, { ent: 'ent.id', supplier: 'ent.supplierId' }))
    .executeTakeFirst();
  return !!row;
}
