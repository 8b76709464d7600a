/**
 * Kit v2, server half: `defineResource(entity, options)` turns a shared entity declaration into the
 * routes of docs/kit.md — list (cond by each field's search operator, sort whitelist, ref joins,
 * summary, per-row `_actions`), get (operator and audit trail), simple list, create/update/delete
 * with derived validation, one route per machine transition plus updateStatus, and server export.
 * A resource file only says what the declaration cannot: scope, who writes, business checks.
 */
import {
  auditActionLabel,
  type AccountType,
  accountTypeOf,
  callerOrgValues,
  columnOf,
  commandsOf,
  type Entity,
  entityByName,
  type EntityFields,
  fieldFor,
  idNumberKey,
  maskedFieldsOf,
  maskPersonal,
  maskRecord,
  MONTH_PATTERN,
  recordRefusal,
  ROW_ACTIONS,
  searchableBy,
  transitionBetween,
} from '@flexpay/shared-utility/src/pure';
import { CompiledQuery, type SelectQueryBuilder, sql } from 'kysely';
import { audit, type Changes } from '../account/audit';
import { likeContains } from '../db/like';
import { dbErrorAnswer } from '../http/db-errors';
import { Code, Messages } from '../http/codes';
import { ApiError, refuse } from '../http/envelope';
import type { AppDeps, Caller, RouteContext, RouteSpec, SignedInContext } from '../http/guard';
import { formatDateTime } from '../util/time';
import type { AnyDb } from '../db/schema';
import { entityValues, isBlank, keyValue, presentValue, type Row, searchValue } from './codec';
import { exportRoutes } from './export';
import { fileRoute } from './file-route';
import { commandActions, type CommandHost, type CommandRefs, commandOfBody, commandRoutes, type Effects, runCommand, STALE_MESSAGE } from './commands';
import { assertUploadsUsable, uploadIdsOf } from './kit-routes';
import { monthlyRoute } from './monthly';
import { serialCode } from './serial';
import { type CheckedAgainst, type KeptWhile, type Referring, type RefersTo, refuseAgainst, refuseUnlessReferring, refuseWhileReferenced, removeReferring, takeReferred } from './kept-while';

/** Lists up to this many rows are counted and summed exactly; beyond it the total is estimated (largeTotal). */
export const EXACT_TOTAL_CAP = 10_000;

export type { AnyDb };
export type AnyQuery = SelectQueryBuilder<any, any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
export type { Row } from './codec';

/** The main table's alias in every query the kit builds (`t.status`). */
export const T = 't';
/** 当前状态不允许此操作 (1009): one text, declared with the commands that answer it most. */
export const STALE = STALE_MESSAGE;
/** Longest text a search field takes (SQLite refuses LIKE patterns beyond 50 000 bytes). */
export const MAX_SEARCH_TEXT = 100;

export interface WriteContext extends SignedInContext {
  trx: AnyDb;
}

type Names<F extends EntityFields> = Array<keyof F & string>;

export interface ResourceOptions<F extends EntityFields> {
  /** Narrows a query to what the caller's organisation may see; columns are `t.<column>`. */
  scope: (caller: Caller, qb: AnyQuery) => AnyQuery;
  /** Rows of the table that are this entity (suppliers among the organisations). */
  base?: (qb: AnyQuery) => AnyQuery;
  /** The rows when they are not one table's (lines read from two tables at once): a query aliased `t`. */
  from?: (db: AnyDb) => AnyQuery;
  /** Narrows lists and exports, not single records (rows listed elsewhere, a default by cond). */
  listed?: (caller: Caller, cond: Row, qb: AnyQuery) => AnyQuery;
  /** Account types that may write at all (default: any holding the mgr code). */
  writers?: AccountType[];
  /** Per-record write rule on top of scope (e.g. SPR edits only its own supplier's config). */
  mayWrite?: (caller: Caller, row: Row) => boolean;
  /** Refuses a write on the loaded record first, with its own reason (may query, and audit the attempt). */
  guard?: (ctx: SignedInContext, row: Row) => Promise<void>;
  /** The resource's own route names the caller may take on a row, added to `_actions`. */
  rowActions?: (caller: Caller, row: Row) => string[];
  /** Route names after paths.mgr; false leaves the action out. */
  create?: string | false;
  update?: string | false;
  remove?: string | false;
  /** Path names of the simple list after paths.query (the kit's querySimple is always served). */
  simple?: string[] | false;
  /** Code of the simple lists when not the query code (spec §6: organisation lookups are login only). */
  simpleCode?: number;
  summary?: Names<F>;
  export?: boolean;
  /** Kit v3: `${paths.query}/customSumByRange`, the summary summed per month of the filtered rows (resource/monthly.ts). */
  monthly?: boolean;
  /** Columns set by the server on create (codes, derived ids, owner); `prepared` is prepareCreate's answer. */
  beforeCreate?: (ctx: WriteContext, values: Row, prepared: unknown) => Promise<Row>;
  /** Columns set by the server on a real change, in its transaction (a new version of a text). */
  beforeUpdate?: (ctx: WriteContext, values: Row, before: Row) => Promise<Row>;
  /** Business checks on the record as it would be after the write (throw ApiError). */
  check?: (ctx: WriteContext, next: Row, before: Row | null) => Promise<void>;
  /** Conflict message when a unique constraint refuses the write; a function may name the record that won (or refuse itself). */
  duplicate?: string | ((ctx: SignedInContext, values: Row) => Promise<string>);
  /** Create updates the record with the same values of these fields instead (addOrUpdate). */
  upsertBy?: Names<F>;
  /** Work a create needs before its transaction (password hashing keeps SQLite's writer free). */
  prepareCreate?: (ctx: SignedInContext) => Promise<unknown>;
  /** Rows created with the record in the same transaction; what it returns joins the answer. */
  afterCreate?: (ctx: WriteContext, key: unknown, columns: Row, prepared: unknown) => Promise<Row | void>;
  /**
   * Kit v3: rows created with the record in its transaction right after its insert, before the kit checks the
   * caller still sees it (a talent is seen through its cooperation rows); what it returns joins the answer.
   */
  afterInsert?: (ctx: WriteContext, key: unknown, columns: Row) => Promise<Row | void>;
  /** Kit v3: the fields a create's audit entry names when not every written one (a person's ID number and phone stay out). */
  audited?: Names<F>;
  /** More paths answering the list (the spec's names: `subMercht/listSub`). */
  listAliases?: string[];
  /** More paths answering the get, its `more` included (the spec's names: `cust/mgr/importDetails`). */
  getAliases?: string[];
  /** The list's path when the spec names it otherwise (`cust/query/custCoopEnt`), in place of `${paths.query}/list`. */
  list?: string;
  /** false: no get route (the spec names none; the record is read through its list). */
  get?: false;
  /** Values the server decides for the caller, over the body, before validation (a merchant's own sub). */
  fill?: (ctx: SignedInContext) => Row | Promise<Row>;
  /** In the delete's transaction: refuses it (throw ApiError) or removes what still refers to the row. */
  checkRemove?: (ctx: WriteContext, row: Row) => Promise<void>;
  /** Kit v3: the delete is refused while rows of these tables refer to the record (resource/kept-while.ts), checked in order before checkRemove. */
  keptWhile?: readonly KeptWhile[];
  /** Kit v3: rows of these tables that belong to the record, deleted with it after checkRemove (its config, its contracts). */
  removedWith?: readonly Referring[];
  /** Kit v3: a written record's references that must find their row (a category of the same supplier), checked in order after `check`. */
  refersTo?: readonly RefersTo[];
  /** Kit v3: rows of other tables a written record is checked against (a price against its merchant's cost), after `check` (resource/kept-while.ts). */
  checkedAgainst?: readonly CheckedAgainst[];
  /** Kit v3: whether the record's state lets it be edited now (a package before its review): else `update` is not offered and its route answers 1009 after the write rule. */
  updatable?: (caller: Caller, row: Row) => boolean;
  /** Refuses one transition on one row with a reason (a manual credit on a bank channel); also hides it from `_actions`. The caller when the rule depends on who asks. */
  transitionRefusal?: (name: string, row: Row, caller?: Caller) => string | null;
  /** Kit v3: the hand-written business work of the entity's commands, by name (the route folder's effects file). */
  effects?: Effects;
  /** Kit v3: per command, the rows referring to the record it is refused while, deletes with it, and whether it deletes the record (resource/commands.ts CommandRefs). */
  commandRefs?: Record<string, CommandRefs>;
  /** In a transition's transaction, after the status moved (a disabled account's sessions end). */
  afterTransition?: (ctx: WriteContext, name: string, row: Row) => Promise<void>;
  /** Values of the entity's virtual fields computed from the stored row (lists, get and export) when the caller decides (masking); else the entity's `derive`. */
  computed?: (row: Row, caller?: Caller) => Row;
  /**
   * Fields this caller sees masked (`computed` hides them): a filter on one is refused, so a like or eq
   * condition cannot answer yes/no for a number the list never shows whole (issue 21 item 4).
   */
  masked?: (caller: Caller) => readonly string[];
  /** More columns of listed, loaded and exported rows (subqueries on `t`; never in counts), read by `computed`. */
  lookups?: (qb: AnyQuery) => AnyQuery;
  /** More of a record in the answer of its get route only (a talent's files), read with the caller's scope. */
  more?: (caller: Caller, record: Row) => Promise<Row>;
}

const codesHeld = (caller: Caller, code: number | undefined) => code !== undefined && caller.perms.has(code);

export { keyValue };

/** Left joins of the ref fields that show a label, and the selection of every column plus labels (a list's rows; a read model's grouped rows, 收支记录(简)). */
export function withLookups(entity: Entity, qb: AnyQuery): AnyQuery {
  let q = qb.selectAll(T);
  for (const [name, field] of Object.entries(entity.fields)) {
    if (field.type !== 'ref' || !field.ref || !field.show) continue;
    const target = entityByName(field.ref);
    const alias = `ref_${name}`;
    q = q
      .leftJoin(`${target.table} as ${alias}`, `${alias}.${columnOf(target, target.key)}`, `${T}.${columnOf(entity, name)}`)
      .select(`${alias}.${columnOf(target, target.labelField)} as ${field.show}`);
  }
  return q;
}

/** A record as the browser sees it: field names, presented values, ref labels; secrets left out. */
export function present(entity: Entity, row: Row): Row {
  const out: Row = {};
  for (const [name, field] of Object.entries(entity.fields)) {
    if (field.secret || field.virtual) continue;
    out[name] = presentValue(field, row[columnOf(entity, name)]);
    if (field.show) out[field.show] = row[field.show] ?? null;
  }
  return out;
}

/** The audit trail's changes of a write: each field (not secret) whose column `after` holds and whose value differs from `before`'s, by field name in declaration order. */
export function fieldChanges(entity: Entity, before: Row, after: Row): Changes {
  const changes: Changes = {};
  for (const [name, field] of Object.entries(entity.fields)) {
    const column = columnOf(entity, name);
    if (field.secret || !(column in after)) continue;
    const from = before[column] ?? null;
    const to = after[column] ?? null;
    if (String(from) !== String(to)) changes[name] = { from, to };
  }
  return changes;
}

/** The next code of a field's declared series (`serial: { prefix, width }`), numbered in the write's transaction (concurrent writes take turns on PostgreSQL). */
export function fieldSerial(dialect: AppDeps['dialect'], trx: AnyDb, entity: Entity, name: string): Promise<string> {
  const { prefix, width } = entity.fields[name].serial!;
  return serialCode(dialect, trx, entity.table, columnOf(entity, name), prefix, width);
}

/** cond → WHERE by each field's search operator; anything else in cond is ignored. */
function applyCond(entity: Entity, qb: AnyQuery, cond: Row): AnyQuery {
  for (const [name, raw] of Object.entries(cond)) {
    const field = entity.fields[name];
    if (!field?.search || isBlank(raw) || (Array.isArray(raw) && raw.length === 0)) continue;
    const column = `${T}.${columnOf(entity, name)}`;
    const bad = () => refuse(Code.VALIDATION, `${field.label}查询条件格式错误`);
    // A month picker's value is yyyy-MM (a statistics' months): anything else is refused, not compared as text.
    if (field.input === 'month' && [raw].flat().some((v) => !isBlank(v) && !(typeof v === 'string' && MONTH_PATTERN.test(v)))) refuse(Code.VALIDATION, `${field.label}格式应为yyyy-MM`);
    switch (field.search) {
      case 'like':
        if (typeof raw !== 'string' && typeof raw !== 'number') bad();
        if (String(raw).length > MAX_SEARCH_TEXT) refuse(Code.VALIDATION, `${field.label}查询内容不能超过${MAX_SEARCH_TEXT}个字符`);
        qb = qb.where(likeContains(column, String(raw).trim()));
        break;
      case 'eq': {
        if (Array.isArray(raw)) bad();
        const value = searchValue(field, raw, false);
        qb = value === null ? qb.where(sql<boolean>`1 = 0`) : qb.where(column, '=', value);
        break;
      }
      case 'in': {
        const values = (Array.isArray(raw) ? raw : [raw]).map((v) => searchValue(field, v, false)).filter((v) => v !== null);
        // One value is asked as `=`: SQLite's planner reads its statistics for the bound value of `=` (a
        // status most orders hold walks the list's sort index) but not of `IN (?)`, sorting every such row.
        if (values.length === 0) qb = qb.where(sql<boolean>`1 = 0`);
        else qb = values.length === 1 ? qb.where(column, '=', values[0]) : qb.where(column, 'in', values);
        break;
      }
      case 'range': {
        if (!Array.isArray(raw) || raw.length > 2) bad();
        const [from, to] = raw as unknown[];
        const lo = searchValue(field, from, false);
        const hi = searchValue(field, to, true);
        if ((!isBlank(from) && lo === null) || (!isBlank(to) && hi === null)) bad();
        if (lo !== null) qb = qb.where(column, '>=', lo);
        if (hi !== null) qb = qb.where(column, '<=', hi);
        break;
      }
    }
  }
  return qb;
}

/**
 * An edit form shows a masked field as the list does (issue 22 item 6): its mask sent back unchanged
 * means "unchanged" — never a new value. A blank is checked as before (请输入… for a required field).
 */
export function unchangedMasksLeftOut(entity: Entity, body: Row, stored: Row): Row {
  const out = { ...body };
  for (const [name, field] of maskedFieldsOf(entity)) {
    const sent = out[name];
    const before = stored[columnOf(entity, name)];
    if (typeof sent !== 'string' || typeof before !== 'string' || !before.trim()) continue;
    if (sent.trim() !== '' && sent.trim() === maskPersonal(field.masked, before)) delete out[name];
  }
  return out;
}

/** A filter on a field the caller sees masked (issue 21 item 4). */
export const maskedFilterMessage = (label: string) => `${label}已脱敏显示，不能按${label}查询`;

const condOf = (body: Row): Row => (body.cond && typeof body.cond === 'object' && !Array.isArray(body.cond) ? (body.cond as Row) : {});

/** The fields a caller's account type does not see (their `for`), left out of its answers. */
export const hiddenFrom = (entity: Entity, caller: Caller): string[] => Object.keys(entity.fields).filter((n) => !fieldFor(entity.fields[n], accountTypeOf(caller.user.adminType)));

function orderOf(entity: Entity, body: Row, hidden: string[] = []): Array<{ column: string; dir: 'asc' | 'desc' }> {
  const orderBy = Array.isArray(body.orderBy) ? (body.orderBy as Array<{ field?: unknown; dir?: unknown }>) : [];
  if (orderBy.length === 0 && entity.newestBy) return [{ column: `${T}.${columnOf(entity, entity.newestBy)}`, dir: 'desc' }];
  return orderBy.map((o) => {
    const field = typeof o?.field === 'string' ? entity.fields[o.field] : undefined;
    if (!field?.sort || hidden.includes(o.field as string) || !['asc', 'desc', undefined].includes(o.dir as string)) refuse(Code.VALIDATION, '不支持的排序字段');
    return { column: `${T}.${columnOf(entity, o.field as string)}`, dir: o.dir === 'desc' ? 'desc' : 'asc' };
  });
}

/**
 * The rows of a query (its groups when it is grouped): counted exactly up to EXACT_TOTAL_CAP; above
 * it PostgreSQL's planner estimate (`totalKind` 'estimate') or the cap itself on SQLite ('atLeast').
 * The count stops at cap + 1 rows, so it costs what ten thousand rows do however large the result.
 */
export async function cappedTotal(db: AnyDb, dialect: string, qb: AnyQuery): Promise<{ total: number; totalKind?: 'estimate' | 'atLeast' }> {
  const probe = qb.clearSelect().select(sql<number>`1`.as('one'));
  const counted = (await db.selectFrom(probe.limit(EXACT_TOTAL_CAP + 1).as('capped')).select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()) as Row;
  if (Number(counted.n) <= EXACT_TOTAL_CAP) return { total: Number(counted.n) };
  if (dialect !== 'postgres') return { total: EXACT_TOTAL_CAP, totalKind: 'atLeast' };
  const compiled = probe.compile();
  const plan = await db.executeQuery<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> }>(CompiledQuery.raw(`EXPLAIN (FORMAT JSON) ${compiled.sql}`, [...compiled.parameters]));
  const estimate = Math.round(Number(plan.rows[0]?.['QUERY PLAN']?.[0]?.Plan?.['Plan Rows'] ?? 0));
  return { total: Math.max(estimate, EXACT_TOTAL_CAP + 1), totalKind: 'estimate' };
}

/** A list body's `page {limit, pageNum}`: 10 a page by default, at most 100, pages from 1 (kit lists and hand-read lists alike). */
export function listPage(body: Row): { limit: number; pageNum: number; offset: number } {
  const page = (body.page ?? {}) as Row;
  const limit = Math.min(Math.max(Number.isInteger(page.limit) ? (page.limit as number) : 10, 1), 100);
  const pageNum = Math.max(Number.isInteger(page.pageNum) ? (page.pageNum as number) : 1, 1);
  return { limit, pageNum, offset: (pageNum - 1) * limit };
}

export class Resource<F extends EntityFields> {
  constructor(
    private readonly deps: AppDeps,
    readonly entity: Entity<F>,
    readonly options: ResourceOptions<F>,
  ) {}

  private get db(): AnyDb {
    return this.deps.db as unknown as AnyDb;
  }

  /** The scoped base query of this entity for a caller. */
  scoped(caller: Caller, db: AnyDb = this.db): AnyQuery {
    let qb = this.options.from ? this.options.from(db) : (db.selectFrom(`${this.entity.table} as ${T}`) as AnyQuery);
    if (this.options.base) qb = this.options.base(qb);
    return this.options.scope(caller, qb);
  }

  private withLookups(qb: AnyQuery): AnyQuery {
    const q = withLookups(this.entity, qb);
    return this.options.lookups ? this.options.lookups(q) : q;
  }

  /** The filtered, ordered query of a list or export body. */
  filtered(caller: Caller, body: Row): { qb: AnyQuery; order: Array<{ column: string; dir: 'asc' | 'desc' }> } {
    const hidden = hiddenFrom(this.entity, caller);
    let cond = Object.fromEntries(Object.entries(condOf(body)).filter(([name]) => !hidden.includes(name)));
    const declared = Object.keys(this.entity.fields).filter((n) => (this.entity.fields[n].searchCodes || this.entity.fields[n].masked) && !searchableBy(this.entity.fields[n], caller.perms));
    for (const name of [...(this.options.masked?.(caller) ?? []), ...declared]) {
      const raw = cond[name];
      if (!isBlank(raw) && !(Array.isArray(raw) && raw.length === 0)) refuse(Code.VALIDATION, maskedFilterMessage(this.entity.fields[name]?.label ?? name));
    }
    // A masked number the caller may reveal is found by the whole number only (issue 22 item 6): an exact
    // match, so a part of it answers nothing.
    const whole: Array<[string, string]> = [];
    for (const [name, field] of maskedFieldsOf(this.entity)) {
      const raw = cond[name];
      if (!field.search || isBlank(raw)) continue;
      if (typeof raw !== 'string' && typeof raw !== 'number') refuse(Code.VALIDATION, `${field.label}查询条件格式错误`);
      if (String(raw).length > MAX_SEARCH_TEXT) refuse(Code.VALIDATION, `${field.label}查询内容不能超过${MAX_SEARCH_TEXT}个字符`);
      whole.push([`${T}.${columnOf(this.entity, name)}`, String(raw).trim()]);
      cond = { ...cond, [name]: undefined };
    }
    let qb = applyCond(this.entity, this.scoped(caller), cond);
    for (const [column, value] of whole) qb = qb.where(column, 'in', [...new Set([value, idNumberKey(value)])]);
    return { qb: this.options.listed ? this.options.listed(caller, cond, qb) : qb, order: orderOf(this.entity, body, hidden) };
  }

  /** Rows of a filtered query with lookups, in the requested order then newest key first. */
  rows(qb: AnyQuery, order: Array<{ column: string; dir: 'asc' | 'desc' }>): AnyQuery {
    let q = this.withLookups(qb);
    for (const o of order) q = q.orderBy(o.column, o.dir);
    return q.orderBy(`${T}.${columnOf(this.entity, this.entity.key)}`, 'desc');
  }

  /**
   * One page of a list: its keys first, from the filtered query alone, then those rows with their
   * lookups, in the same order. Without the joins of the lookups SQLite stops reading each enterprise
   * of a scope once it cannot beat the page (an index on (entId, key)); with them it sorted the whole
   * scope (650 ms for a supplier's 335 000 order lines). PostgreSQL plans the key query as it planned the
   * page. Rows read from a query (`from`) keep the one-query page: their keys need not be unique.
   */
  page(qb: AnyQuery, order: Array<{ column: string; dir: 'asc' | 'desc' }>, limit: number, offset: number): AnyQuery {
    if (this.options.from) return this.rows(qb, order).limit(limit).offset(offset);
    const key = `${T}.${columnOf(this.entity, this.entity.key)}`;
    let keys = qb.clearSelect().select(key);
    for (const o of order) keys = keys.orderBy(o.column, o.dir);
    keys = keys.orderBy(key, 'desc').limit(limit).offset(offset);
    return this.rows((this.db.selectFrom(`${this.entity.table} as ${T}`) as AnyQuery).where(key, 'in', keys), order);
  }

  /** One record inside the caller's scope: 1004 when missing, 3002 when outside. */
  async load(caller: Caller, key: number | string | null, db: AnyDb = this.db): Promise<Row> {
    if (key === null) return refuse(Code.VALIDATION, `请指定${this.entity.title}`);
    const keyColumn = `${T}.${columnOf(this.entity, this.entity.key)}`;
    const row = (await this.withLookups(this.scoped(caller, db)).where(keyColumn, '=', key).executeTakeFirst()) as Row | undefined;
    if (row) return row;
    let any = (this.options.from ? this.options.from(db) : (db.selectFrom(`${this.entity.table} as ${T}`) as AnyQuery)).select(keyColumn).where(keyColumn, '=', key);
    if (this.options.base) any = this.options.base(any);
    const exists = await any.executeTakeFirst();
    return refuse(exists ? Code.OUT_OF_SCOPE : Code.NOT_FOUND, exists ? Messages.outOfScope : Messages.notFound);
  }

  /**
   * A write may only produce a record the caller can see: a ref to another organisation's record
   * (a contract for someone else's enterprise) leaves the scope and is refused, rolling back.
   */
  private async stillVisible(caller: Caller, trx: AnyDb, key: unknown): Promise<void> {
    const keyColumn = `${T}.${columnOf(this.entity, this.entity.key)}`;
    const seen = await this.scoped(caller, trx).select(keyColumn).where(keyColumn, '=', key).executeTakeFirst();
    if (!seen) refuse(Code.OUT_OF_SCOPE, Messages.outOfScope);
  }

  mayWrite(caller: Caller, row: Row | null): boolean {
    const type = accountTypeOf(caller.user.adminType);
    if (!type || !codesHeld(caller, this.entity.codes.mgr)) return false;
    if (this.options.writers && !this.options.writers.includes(type)) return false;
    return row === null || !this.options.mayWrite || this.options.mayWrite(caller, row);
  }

  /** What the caller may do on a row: the machine's transitions plus update/delete. */
  actionsFor(caller: Caller, row: Row): string[] {
    const transitions = commandActions(this as unknown as CommandHost, caller, row);
    const writable = this.mayWrite(caller, row);
    return [
      ...(writable && this.options.update !== false ? ['update'] : []),
      ...(writable && this.options.remove !== undefined && this.options.remove !== false ? ['delete'] : []),
      ...transitions,
      // A create route named `update` saves the whole record, new or not (a price): the rows' update, offered after the rest.
      ...(writable && this.options.update === false && this.options.create === 'update' ? ['update'] : []),
      ...(this.options.rowActions?.(caller, row) ?? []),
    ].filter((action) => action !== 'update' || !this.options.updatable || this.options.updatable(caller, row));
  }

  async list(caller: Caller, body: Row) {
    const { limit, pageNum } = listPage(body);
    const { qb, order } = this.filtered(caller, body);
    const summaryFields = this.summaryFor(caller);
    const large = await this.largeTotal(qb);
    if (large) {
      const rows = (await this.page(qb, order, limit, (pageNum - 1) * limit).execute()) as Row[];
      return { records: rows.map((r) => ({ ...this.show(r, caller), [ROW_ACTIONS]: this.actionsFor(caller, r) })), ...large };
    }
    const split = this.splitTotals(summaryFields);
    const totals = (await qb
      .select((eb) => [
        eb.fn.countAll().as('__count'),
        ...summaryFields.filter((f) => !split?.fields.includes(f)).map((f) => eb.fn.coalesce(eb.fn.sum(`${T}.${columnOf(this.entity, f)}`), eb.lit(0)).as(f)),
        // 合计 by status part (issue 22): one conditional sum per part and field, and each part's row count.
        ...(split?.parts ?? []).flatMap((part, i) => {
          const inPart = () => eb.case().when(`${T}.${split!.column}`, 'in', [...part.values]);
          return [
            eb.fn.coalesce(eb.fn.sum(inPart().then(eb.lit(1)).else(eb.lit(0)).end()), eb.lit(0)).as(`__part${i}`),
            ...split!.fields.map((f) => eb.fn.coalesce(eb.fn.sum(inPart().then(eb.ref(`${T}.${columnOf(this.entity, f)}`)).else(eb.lit(0)).end()), eb.lit(0)).as(`${f}__part${i}`)),
          ];
        }),
      ])
      .executeTakeFirst()) as Row;
    const rows = (await this.page(qb, order, limit, (pageNum - 1) * limit).execute()) as Row[];
    const records = rows.map((r) => ({ ...this.show(r, caller), [ROW_ACTIONS]: this.actionsFor(caller, r) }));
    const tabCounts = await this.tabCounts(caller, body);
    return { records, total: Number(totals.__count ?? 0), ...(summaryFields.length ? { summary: this.summaryOf(summaryFields, totals, split) } : {}), ...(tabCounts ? { tabCounts } : {}) };
  }

  /** The summary fields the caller sees (`summary` without the fields its account type does not). */
  summaryFor(caller: Caller): string[] {
    const hidden = hiddenFrom(this.entity, caller);
    return (this.options.summary ?? []).filter((f) => !hidden.includes(f));
  }

  /**
   * `countBy` (issue 22, queue tabs 待审核 3): rows per value of an enum search field over the filtered
   * result without that field's own condition — what each status tab would show. Left out above the
   * exact-count cap, like the summary.
   */
  private async tabCounts(caller: Caller, body: Row): Promise<Record<string, number> | null> {
    const name = body.countBy;
    const field = typeof name === 'string' ? this.entity.fields[name] : undefined;
    if (!field || field.type !== 'enum' || !field.search) return null;
    const cond = { ...((body.cond && typeof body.cond === 'object' ? body.cond : {}) as Row) };
    delete cond[name as string];
    const { qb } = this.filtered(caller, { ...body, cond });
    if ((await cappedTotal(this.db, this.deps.dialect, qb)).totalKind) return null;
    const column = `${T}.${columnOf(this.entity, name as string)}`;
    const rows = (await qb
      .clearSelect()
      .select((eb) => [eb.ref(column).as('value'), eb.fn.countAll().as('n')])
      .groupBy(column)
      .execute()) as Row[];
    return Object.fromEntries(rows.map((r) => [String(r.value), Number(r.n)]));
  }

  /** The summary fields the entity's `totals` splits by status, with its parts; null when none. */
  private splitTotals(summaryFields: string[]) {
    const declared = this.entity.totals;
    if (!declared) return null;
    const fields = summaryFields.filter((f) => !declared.fields || (declared.fields as string[]).includes(f));
    return fields.length ? { column: columnOf(this.entity, declared.by), fields, parts: declared.parts } : null;
  }

  /**
   * `{[field]: total}` over the filtered result; a split field's total adds only the parts that count
   * (money that moved or is moving), and `parts` gives each part's figures and row count apart.
   */
  private summaryOf(summaryFields: string[], totals: Row, split: ReturnType<Resource<F>["splitTotals"]>): Row {
    const money = (f: string, fen: number) => presentValue(this.entity.fields[f], fen);
    const summary: Row = {};
    for (const f of summaryFields) {
      summary[f] = split?.fields.includes(f)
        ? money(f, split.parts.reduce((sum, part, i) => (part.excluded ? sum : sum + Number(totals[`${f}__part${i}`] ?? 0)), 0))
        : money(f, Number(totals[f] ?? 0));
    }
    if (split)
      summary.parts = split.parts.map((part, i) => ({
        label: part.label,
        excluded: Boolean(part.excluded),
        tone: part.tone ?? (part.excluded ? 'none' : 'primary'),
        count: Number(totals[`__part${i}`] ?? 0),
        ...Object.fromEntries(split.fields.map((f) => [f, money(f, Number(totals[`${f}__part${i}`] ?? 0))])),
      }));
    return summary;
  }

  /**
   * Null when the filtered result has at most EXACT_TOTAL_CAP rows (then it is counted and summed
   * exactly); above that the answer carries the planner's estimate on PostgreSQL (`totalKind`
   * 'estimate') or the cap itself on SQLite ('atLeast'), and no summary. Counting the cap stops at
   * cap + 1 rows, so a first page over millions of rows costs what a page of ten thousand does.
   */
  private async largeTotal(qb: AnyQuery): Promise<{ total: number; totalKind: 'estimate' | 'atLeast' } | null> {
    const counted = await cappedTotal(this.db, this.deps.dialect, qb);
    return counted.totalKind ? (counted as { total: number; totalKind: 'estimate' | 'atLeast' }) : null;
  }

  /** A stored row as the browser sees it, computed fields included, masked fields masked unless `whole` (an audited export). */
  show(row: Row, caller?: Caller, whole = false): Row {
    const shown = { ...present(this.entity, row), ...(this.options.computed ? this.options.computed(row, caller) : this.entity.derive?.(row)) };
    for (const name of caller ? hiddenFrom(this.entity, caller) : []) {
      delete shown[name];
      delete shown[this.entity.fields[name].show ?? name];
    }
    return whole ? shown : maskRecord(this.entity, shown);
  }

  async get(caller: Caller, key: number | string | null) {
    const row = await this.load(caller, key);
    const trail = await this.deps.db
      .selectFrom('audit_log')
      .select(['action', 'changes', 'operatorName', 'operatorAccount', 'createdAt'])
      .where('entity', '=', this.entity.name)
      .where('entityId', '=', String(row[columnOf(this.entity, this.entity.key)]))
      .orderBy('id', 'desc')
      .limit(50)
      .execute();
    const entries = trail.map((a) => {
      const changes = JSON.parse(a.changes) as Changes & { reason?: { to: unknown } };
      return {
        action: a.action,
        label: auditActionLabel(this.entity.name, a.action),
        reason: (changes.reason?.to as string | undefined) ?? null,
        operatorName: a.operatorName,
        operatorAccount: a.operatorAccount,
        time: formatDateTime(a.createdAt),
      };
    });
    const last = entries[0];
    return {
      ...this.show(row, caller),
      [ROW_ACTIONS]: this.actionsFor(caller, row),
      operator: last ? { name: last.operatorName, account: last.operatorAccount, time: last.time } : null,
      trail: entries,
    };
  }

  /** The get route's answer: the record as `get` answers it, and the resource's `more`. */
  async detail(caller: Caller, key: number | string | null) {
    const record = await this.get(caller, key);
    return this.options.more ? { ...record, ...(await this.options.more(caller, record)) } : record;
  }

  /** Writable values of a body for create or update, parsed and checked field by field in order. */
  values(body: Row, action: 'create' | 'update'): Row {
    return entityValues(this.entity, body, action);
  }

  /** File fields whose value changes must name the writer's own uploads (kit-routes assertUploadsUsable). */
  private async uploadsUsable(ctx: SignedInContext, trx: AnyDb, columns: Row, before: Row): Promise<void> {
    const changed = Object.entries(this.entity.fields)
      .filter(([, field]) => field.type === 'file')
      .map(([name]) => columnOf(this.entity, name))
      .filter((column) => column in columns && columns[column] !== before[column])
      .map((column) => columns[column]);
    await assertUploadsUsable(trx as never, ctx.caller.user, uploadIdsOf(changed));
  }

  /** Runs a write and its audit entry in one transaction; unique violations answer 1009. */
  async write<T>(ctx: SignedInContext, run: (trx: AnyDb) => Promise<T>, values: Row = {}): Promise<T> {
    try {
      return await this.db.transaction().execute((trx) => run(trx as AnyDb));
    } catch (error) {
      if (error instanceof ApiError) throw error;
      const answer = dbErrorAnswer(error);
      const duplicate = this.options.duplicate;
      if (answer?.code === Code.CONFLICT && duplicate) refuse(Code.CONFLICT, typeof duplicate === 'string' ? duplicate : await duplicate(ctx, values));
      if (answer) refuse(answer.code, answer.message);
      throw error;
    }
  }

  /** The entity's declared `checks` on a record by its columns: 1001 with the first refusal. */
  private checkRecord(columns: Row): void {
    const refusal = recordRefusal(this.entity, Object.fromEntries(Object.keys(this.entity.fields).map((name) => [name, columns[columnOf(this.entity, name)]])));
    if (refusal) refuse(Code.VALIDATION, refusal);
  }

  private stamp(values: Row, now: number, created: boolean): Row {
    if (this.entity.timestamps === false) return values;
    return created ? { ...values, createdAt: now, updatedAt: now } : { ...values, updatedAt: now };
  }

  async create(ctx: SignedInContext) {
    if (!this.mayWrite(ctx.caller, null)) refuse(Code.NO_PERMISSION, Messages.noPermission);
    // The fields naming the creator's own organisation (`fromCaller`), then the resource's `fill`, over the body.
    const own = callerOrgValues(this.entity, accountTypeOf(ctx.caller.user.adminType), ctx.caller.user.orgId, ctx.body);
    const parsed = this.values({ ...ctx.body, ...own, ...(await this.options.fill?.(ctx)) }, 'create');
    const keyColumn = columnOf(this.entity, this.entity.key);
    const upsertBy = this.options.upsertBy;
    if (upsertBy) {
      let same = this.scoped(ctx.caller).select(`${T}.${keyColumn} as key`);
      for (const f of upsertBy) same = same.where(`${T}.${columnOf(this.entity, f)}`, '=', parsed[columnOf(this.entity, f)]);
      const existing = (await same.executeTakeFirst()) as Row | undefined;
      if (existing) return this.update({ ...ctx, body: { ...ctx.body, [this.entity.key]: existing.key } });
    }
    const prepared = await this.options.prepareCreate?.(ctx);
    return this.write(ctx, async (trx) => {
      const wctx = { ...ctx, trx };
      // A code of a series (`serial` on the field) is numbered in the create's transaction, before beforeCreate reads the values;
      // a field's `createdAs` is written whatever the body said.
      for (const [name, { serial, createdAs }] of Object.entries(this.entity.fields)) {
        if (createdAs !== undefined) parsed[columnOf(this.entity, name)] = createdAs;
        if (serial) parsed[columnOf(this.entity, name)] = await fieldSerial(this.deps.dialect, trx, this.entity, name);
      }
      // References in the caller's scope or giving values (refersTo `scope`, `takes`) are read before anything reads the record.
      Object.assign(parsed, await takeReferred(trx, ctx.caller, this.options.refersTo ?? [], parsed));
      const columns = this.stamp(this.options.beforeCreate ? await this.options.beforeCreate(wctx, parsed, prepared) : parsed, ctx.now, true);
      await this.uploadsUsable(ctx, trx, columns, {});
      this.checkRecord(columns);
      await this.options.check?.(wctx, columns, null);
      await refuseAgainst(trx, this.options.checkedAgainst ?? [], columns, formatDateTime(ctx.now)!.slice(0, 10));
      await refuseUnlessReferring(trx, this.options.refersTo ?? [], columns);
      const inserted = (await trx.insertInto(this.entity.table).values(columns).returning(keyColumn).executeTakeFirstOrThrow()) as Row;
      const joined = await this.options.afterInsert?.(wctx, inserted[keyColumn], columns);
      await this.stillVisible(ctx.caller, trx, inserted[keyColumn]);
      const audited = this.options.audited?.map((f) => columnOf(this.entity, f));
      const changes = fieldChanges(this.entity, {}, audited ? Object.fromEntries(audited.map((c) => [c, columns[c]])) : columns);
      await audit(trx as never, { operator: ctx.caller.user, now: ctx.now, action: 'create', entity: this.entity.name, entityId: String(inserted[keyColumn]), changes });
      const extra = await this.options.afterCreate?.(wctx, inserted[keyColumn], columns, prepared);
      return { [this.entity.key]: inserted[keyColumn], ...(joined ?? {}), ...(extra ?? {}) };
    }, parsed);
  }

  async update(ctx: SignedInContext) {
    const key = keyValue(this.entity, ctx.body);
    const row = await this.load(ctx.caller, key);
    await this.options.guard?.(ctx, row);
    if (!this.mayWrite(ctx.caller, row)) refuse(Code.NO_PERMISSION, Messages.noPermission);
    if (this.options.updatable && !this.options.updatable(ctx.caller, row)) refuse(Code.CONFLICT, STALE);
    const values = this.values(unchangedMasksLeftOut(this.entity, ctx.body, row), 'update');
    const keyColumn = columnOf(this.entity, this.entity.key);
    await this.write(ctx, async (trx) => {
      await this.uploadsUsable(ctx, trx, values, row);
      this.checkRecord({ ...row, ...values });
      await this.options.check?.({ ...ctx, trx }, { ...row, ...values }, row);
      await refuseAgainst(trx, this.options.checkedAgainst ?? [], { ...row, ...values }, formatDateTime(ctx.now)!.slice(0, 10));
      await refuseUnlessReferring(trx, this.options.refersTo ?? [], { ...row, ...values }, false);
      if (Object.keys(fieldChanges(this.entity, row, values)).length === 0) return;
      const columns = this.options.beforeUpdate ? await this.options.beforeUpdate({ ...ctx, trx }, values, row) : values;
      const changes = fieldChanges(this.entity, row, columns);
      await trx.updateTable(this.entity.table).set(this.stamp(columns, ctx.now, false)).where(keyColumn, '=', key).execute();
      await this.stillVisible(ctx.caller, trx, key);
      await audit(trx as never, { operator: ctx.caller.user, now: ctx.now, action: 'update', entity: this.entity.name, entityId: String(key), changes });
    });
    return this.get(ctx.caller, key);
  }

  async remove(ctx: SignedInContext) {
    const key = keyValue(this.entity, ctx.body);
    const row = await this.load(ctx.caller, key);
    await this.options.guard?.(ctx, row);
    if (!this.mayWrite(ctx.caller, row)) refuse(Code.NO_PERMISSION, Messages.noPermission);
    await this.write(ctx, async (trx) => {
      await refuseWhileReferenced(trx, this.options.keptWhile ?? [], row, columnOf(this.entity, this.entity.key));
      await this.options.checkRemove?.({ ...ctx, trx }, row);
      await removeReferring(trx, this.options.removedWith ?? [], row, columnOf(this.entity, this.entity.key));
      await trx.deleteFrom(this.entity.table).where(columnOf(this.entity, this.entity.key), '=', key).execute();
      const gone = Object.fromEntries(Object.entries(present(this.entity, row)).map(([f, v]) => [f, { from: v, to: null }]));
      await audit(trx as never, { operator: ctx.caller.user, now: ctx.now, action: 'delete', entity: this.entity.name, entityId: String(key), changes: gone });
    });
    return true;
  }

  /**
   * One transition: `UPDATE … WHERE key = ? AND status IN (from)` inside the audited write, so a
   * stale or concurrent second attempt changes nothing and answers 1009.
   */
  async transition(ctx: SignedInContext, name: string) {
    // Kit v3: a transition is a command (resource/commands.ts).
    return runCommand(this as unknown as CommandHost, ctx, name);
  }

  /** updateStatus {key, status}: the machine's transition from the current status to that one. */
  async statusByValue(ctx: SignedInContext) {
    const machine = this.entity.machine!;
    const row = await this.load(ctx.caller, keyValue(this.entity, ctx.body));
    const name = transitionBetween(machine, row[columnOf(this.entity, machine.field)], ctx.body.status);
    if (!name) return refuse(Code.CONFLICT, STALE);
    return this.transition(ctx, name);
  }

  async simple(caller: Caller, body: Row) {
    const { qb } = this.filtered(caller, body);
    const label = columnOf(this.entity, this.entity.labelField);
    const extras = Object.entries(this.entity.fields).filter(([, f]) => f.dependsOn || f.type === 'enum' || f.type === 'ref');
    const rows = (await qb.selectAll(T).orderBy(`${T}.${label}`).limit(500).execute()) as Row[];
    // A masked label (a card's number) leaves masked here too, as in every other answer.
    const mask = this.entity.fields[this.entity.labelField]?.masked;
    const shown = (value: unknown) => (mask && typeof value === 'string' && value.trim() ? maskPersonal(mask, value) : value);
    return rows.map((r) => ({
      value: r[columnOf(this.entity, this.entity.key)],
      label: shown(r[label]),
      [this.entity.key]: r[columnOf(this.entity, this.entity.key)],
      [this.entity.labelField]: shown(r[label]),
      ...Object.fromEntries(extras.map(([name]) => [name, r[columnOf(this.entity, name)]])),
    }));
  }
}

/** The first resource of each entity with masked fields, per app: what common/reveal loads a record through (its scope). */
const revealable = new WeakMap<AppDeps, Map<string, Resource<EntityFields>>>();

function registerRevealable(deps: AppDeps, resource: Resource<EntityFields>): void {
  const byName = revealable.get(deps) ?? new Map<string, Resource<EntityFields>>();
  revealable.set(deps, byName);
  if (!byName.has(resource.entity.name)) byName.set(resource.entity.name, resource);
}

/** The resource common/reveal reads an entity's record through, when the app serves one. */
export function revealableResource(deps: AppDeps, entityName: string): Resource<EntityFields> | undefined {
  return revealable.get(deps)?.get(entityName);
}

/**
 * The options of a record people list, read and export but never create or edit through the kit (its rows are written
 * by commands and their effects, or by the server's own work: orders, their lines, temp orders, fee records).
 */
export const LISTED = { create: false, update: false, simple: false, export: true } as const;

/** The routes of a resource; codes come from the entity (query, mgr) and each transition. */
export function defineResource<F extends EntityFields>(deps: AppDeps, entity: Entity<F>, options: ResourceOptions<F>): { resource: Resource<F>; routes: RouteSpec[] } {
  const resource = new Resource(deps, entity, options);
  if (maskedFieldsOf(entity).length > 0) registerRevealable(deps, resource as unknown as Resource<EntityFields>);
  const { query, mgr } = entity.paths;
  const signed = (ctx: RouteContext) => ctx as SignedInContext;
  const routes: RouteSpec[] = [
    { path: options.list ?? `${query}/list`, perm: entity.codes.query, handler: (ctx) => resource.list(signed(ctx).caller, ctx.body) },
    ...(options.get === false
      ? []
      : [{ path: `${query}/get`, perm: entity.codes.query, handler: (ctx: RouteContext) => resource.detail(signed(ctx).caller, keyValue(entity, ctx.body)) }]),
    ...(options.listAliases ?? []).map((path): RouteSpec => ({ path, perm: entity.codes.query, handler: (ctx) => resource.list(signed(ctx).caller, ctx.body) })),
    ...(options.getAliases ?? []).map((path): RouteSpec => ({ path, perm: entity.codes.query, handler: (ctx) => resource.detail(signed(ctx).caller, keyValue(entity, ctx.body)) })),
  ];
  if (options.simple !== false)
    for (const name of new Set(['querySimple', ...(options.simple ?? [])]))
      routes.push({ path: name.includes('/') ? name : `${query}/${name}`, perm: options.simpleCode ?? entity.codes.query, handler: (ctx) => resource.simple(signed(ctx).caller, ctx.body) });
  if (entity.codes.mgr !== undefined) {
    const mgrCode = entity.codes.mgr;
    // A create taking a secret (an account's password) arrives RSA-encrypted, as a command carrying one does.
    const secretCreate = Object.values(entity.fields).some((f) => f.create && f.secret);
    if (options.create !== false) routes.push({ path: `${mgr}/${options.create ?? 'create'}`, perm: mgrCode, ...(secretCreate ? { encrypted: true } : {}), handler: (ctx) => resource.create(signed(ctx)) });
    // An update route shared with commands (updateSupCoopData) is served below, by the body.
    if (options.update !== false && !commandRoutes(entity).has(options.update ?? 'update'))
      routes.push({ path: `${mgr}/${options.update ?? 'update'}`, perm: mgrCode, handler: (ctx) => resource.update(signed(ctx)) });
    if (options.remove) routes.push({ path: `${mgr}/${options.remove}`, perm: mgrCode, handler: (ctx) => resource.remove(signed(ctx)) });
  }
  // Kit v3: one route per command (a machine's transitions are commands), `path` when the spec names it otherwise.
  // Commands sharing an existing route are told apart by their fixed body values; a body with none of them is the update sharing it.
  const updatePath = options.update === false ? undefined : (options.update ?? 'update');
  for (const [path, names] of commandRoutes(entity)) {
    const only = names.length === 1 && !commandsOf(entity)[names[0]].body && path !== updatePath ? names[0] : undefined;
    routes.push({
      path: `${mgr}/${path}`,
      perm: commandsOf(entity)[names[0]].code,
      // A command carrying a secret (a new password, a key) arrives RSA-encrypted; the guard decrypts it.
      ...(names.some((n) => commandsOf(entity)[n].encrypted) ? { encrypted: true } : {}),
      handler: (ctx) => {
        const name = only ?? commandOfBody(entity, names, ctx.body);
        if (name) return resource.transition(signed(ctx), name);
        return path === updatePath ? resource.update(signed(ctx)) : refuse(Code.CONFLICT, STALE_MESSAGE);
      },
    });
  }
  const machine = entity.machine;
  if (machine) {
    const codes = [...new Set(Object.values(machine.transitions).map((t) => t.code))];
    // updateStatus needs the code of the transition it resolves to; the route itself asks for one of them.
    routes.push({ path: `${mgr}/updateStatus`, perm: codes[0], handler: (ctx) => resource.statusByValue(signed(ctx)) });
  }
  if (options.export) routes.push(...exportRoutes(deps, resource));
  // Kit v3: a file field declaring `filePath` is served there — the record's file to whoever sees the record.
  for (const [name, field] of Object.entries(entity.fields)) if (field.filePath) routes.push(fileRoute(deps, resource, name));
  if (options.monthly) routes.push(monthlyRoute(resource));
  return { resource, routes };
}
