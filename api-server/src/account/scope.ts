import { AdminType } from '@flexpay/shared-utility/src/pure';
import { type Expression, type ExpressionBuilder, type Kysely, type SelectQueryBuilder, type SqlBool, SqliteAdapter, sql } from 'kysely';
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

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyQuery = SelectQueryBuilder<any, any, any>;

/**
 * What ties a row to the organisations (issue 23 "Scope declared"): the column naming its enterprise,
 * its merchant or its supplier. A resource declares its tie once (`scoped(db, tie)`) and lists, gets,
 * commands, exports and search all read through it; SCOPES below says what each tie lets each account
 * type see, in one place.
 * - ent: an enterprise; SPR its enterprises, MER those of itself and its sub-merchants, ENT itself and its sub-enterprises.
 * - ownEnt: as `ent`, but an enterprise sees only itself (its money, not its sub-enterprises').
 * - merchant: a merchant; SPR its merchants, MER itself and its sub-merchants, ENT its own merchant.
 * - supplier: a supplier; SPR itself and its virtual (200) suppliers, MER and ENT their supplier.
 * - ownSupplier: as `supplier`, but a supplier sees only itself (the notices it publishes, not its virtual suppliers').
 * - entSupplier: an enterprise and a supplier column; SPR by the supplier column, MER the enterprises of
 *   itself and its sub-merchants, ENT itself only.
 * - org: a supplier, a merchant and an enterprise column; SPR, MER (with its subs) and ENT (itself) each by its own.
 * - talent: a talent's id (DOMAIN.md §6); SPR the talents cooperating with it (cust_coop_sup), ENT with itself (cust_coop_ent), MER none.
 * - coopSupplier: the supplier of a talent's row (its supplier cooperation, a supplier's file); SPR itself, ENT its enterprise's supplier, MER none.
 * SYS sees every row of every tie.
 */
export type Tie =
  | { ent: string }
  | { ownEnt: string }
  | { merchant: string }
  | { supplier: string }
  | { ownSupplier: string }
  | { entSupplier: { ent: string; supplier: string } }
  | { org: { supplier: string; merchant: string; ent: string } }
  | { talent: string }
  | { coopSupplier: string };

type Condition = Expression<SqlBool> | ((eb: ExpressionBuilder<any, any>) => Expression<SqlBool>); // eslint-disable-line @typescript-eslint/no-explicit-any
type Sees<C> = Record<Exclude<OrgScope['kind'], 'all'>, (db: AnyDb, column: C, org: number, share: number | undefined) => Condition>;

/** A merchant with its sub-merchants; an enterprise with its sub-enterprises (DOMAIN.md §1). */
const merchantAndSubs = (db: AnyDb, org: number) => db.selectFrom('mercht').select('id').where((eb) => eb.or([eb('id', '=', org), eb('parentId', '=', org)]));
const entAndSubs = (db: AnyDb, org: number) => db.selectFrom('ent').select('id').where((eb) => eb.or([eb('id', '=', org), eb('parentId', '=', org)]));
const inSet = (column: string, ids: Expression<unknown>): Condition => (eb) => eb(sql.ref(column), 'in', ids as never);
const equals = (column: string, org: number): Condition => (eb) => eb(sql.ref(column), '=', org);

const entSees: Sees<string> = {
  supplier: (db, column, org, share) => scopedIn(db, column, db.selectFrom('ent').select('id').where('supplierId', '=', org), share),
  merchant: (db, column, org, share) => scopedIn(db, column, db.selectFrom('ent').select('id').where('merchtId', 'in', merchantAndSubs(db, org)), share),
  ent: (db, column, org) => inSet(column, entAndSubs(db, org)),
};

const supplierSees: Sees<string> = {
  supplier: (db, column, org) => inSet(column, db.selectFrom('mercht').select('mercht.id').where((eb) => eb.or([eb('mercht.id', '=', org), eb.and([eb('mercht.parentId', '=', org), eb('mercht.merchtType', '=', 200)])]))),
  merchant: (db, column, org) => inSet(column, db.selectFrom('mercht').select('mercht.supplierId as id').where('mercht.id', '=', org)),
  ent: (db, column, org) => inSet(column, db.selectFrom('ent').select('ent.supplierId as id').where('ent.id', '=', org)),
};

/** Each tie's rows per account type (the scope's kind: supplier = SPR, merchant = MER, ent = ENT). */
const SCOPES: { [K in keyof UnionToObject<Tie>]: Sees<UnionToObject<Tie>[K]> } = {
  ent: entSees,
  ownEnt: { ...entSees, ent: (_db, column, org) => equals(column, org) },
  merchant: {
    supplier: (db, column, org) => inSet(column, db.selectFrom('mercht').select('id').where('supplierId', '=', org)),
    merchant: (db, column, org) => inSet(column, merchantAndSubs(db, org)),
    ent: (db, column, org) => inSet(column, db.selectFrom('ent').select('merchtId').where('id', '=', org)),
  },
  supplier: supplierSees,
  ownSupplier: { ...supplierSees, supplier: (_db, column, org) => equals(column, org) },
  entSupplier: {
    supplier: (_db, columns, org) => equals(columns.supplier, org),
    merchant: (db, columns, org, share) => scopedIn(db, columns.ent, merchantEntIds(db, org), share),
    ent: (_db, columns, org) => equals(columns.ent, org),
  },
  org: {
    supplier: (_db, columns, org) => equals(columns.supplier, org),
    merchant: (db, columns, org) => inSet(columns.merchant, merchantAndSubs(db, org)),
    ent: (_db, columns, org) => equals(columns.ent, org),
  },
  talent: {
    // SQLite turns `id IN (a supplier's talents)` into a rowid probe per cooperation row (133 000 for a supplier of 200 000
    // talents: 25–50 ms before any filter); asked per talent through the unique (custId, supplierId) index instead, its
    // date, enterprise and sort indexes lead (≤ 4 ms).
    supplier: (db, column, org) =>
      db.getExecutor().adapter instanceof SqliteAdapter
        ? (eb) => eb.exists(db.selectFrom('cust_coop_sup').select(sql<number>`1`.as('one')).whereRef('cust_coop_sup.custId', '=', sql.ref(column) as never).where('cust_coop_sup.supplierId', '=', org))
        : inSet(column, db.selectFrom('cust_coop_sup').select('cust_coop_sup.custId').where('cust_coop_sup.supplierId', '=', org)),
    merchant: () => sql<SqlBool>`1 = 0`,
    ent: (db, column, org) => inSet(column, db.selectFrom('cust_coop_ent').select('cust_coop_ent.custId').where('cust_coop_ent.entId', '=', org)),
  },
  coopSupplier: {
    supplier: (_db, column, org) => equals(column, org),
    merchant: () => sql<SqlBool>`1 = 0`,
    ent: (db, column, org) => inSet(column, db.selectFrom('ent').select('ent.supplierId').where('ent.id', '=', org)),
  },
};
type UnionToObject<U> = { [K in U extends unknown ? keyof U : never]: U extends Record<K, infer V> ? V : never };

/** The condition a tie puts on a caller's rows, or null for the platform (every row). */
export function tieCondition(db: AnyDb, tie: Tie, scope: OrgScope, share?: number): Condition | null {
  if (scope.kind === 'all') return null;
  const [kind, column] = Object.entries(tie)[0] as [keyof typeof SCOPES, never];
  const org = scope.kind === 'supplier' ? scope.supplierId : scope.kind === 'merchant' ? scope.merchtId : scope.entId;
  return SCOPES[kind][scope.kind](db, column, org, share);
}

/** The scope of a resource whose rows are tied by `tie`: the caller's rows of a query (by the caller's account type and organisation). */
export function scoped(db: AnyDb, tie: Tie) {
  return (caller: { user: AdminUserRow; entShare?: number }, qb: AnyQuery): AnyQuery => {
    const condition = tieCondition(db, tie, scopeOf(caller.user), caller.entShare);
    return condition ? qb.where(condition as never) : qb;
  };
}

/**
 * Condition on a row that carries an enterprise and a supplier column (the `entSupplier` tie). A merchant
 * sees its own enterprises and those of its direct sub-merchants. `share`: the caller's entShare (a planner hint).
 */
export function rowInScope(
  db: Kysely<Database>,
  scope: OrgScope,
  columns: { ent: string; supplier: string },
  share?: number,
): (eb: ExpressionBuilder<Database, keyof Database>) => Expression<SqlBool> {
  return inScope(db, { entSupplier: columns }, scope, share);
}

/** A tie's condition on the caller's rows as a where() argument (every row for the platform): a talent id column's `inScope(db, { talent: col }, scope)`. */
export function inScope(db: AnyDb, tie: Tie, scope: OrgScope, share?: number): (eb: ExpressionBuilder<Database, keyof Database>) => Expression<SqlBool> {
  const condition = tieCondition(db, tie, scope, share);
  return (eb) => (condition === null ? sql<SqlBool>`1 = 1` : typeof condition === 'function' ? condition(eb as never) : condition);
}

function merchantEntIds(db: AnyDb, merchtId: number) {
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
