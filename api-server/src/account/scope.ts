import { AdminType } from '@flexpay/shared-utility/src/pure';
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
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
 * Condition on a row that carries an enterprise and a supplier column. A merchant sees its own
 * enterprises and those of its direct sub-merchants.
 */
export function rowInScope(
  db: Kysely<Database>,
  scope: OrgScope,
  columns: { ent: string; supplier: string },
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
        return eb(sql.ref(columns.ent), 'in', merchantEntIds(db, scope.merchtId));
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
