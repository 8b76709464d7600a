/**
 * Server side of the screen kit: a resource declaration (table, fields with shared rules, permission
 * codes per action, organisation scope) yields list/get/create/update/delete/updateStatus routes with
 * paging, sorting, filtering, validation, scope and audit. Custom endpoints stay plain RouteSpecs.
 */
import type { FieldRuleName, FieldRules, Schema } from '@flexpay/shared-utility/src/pure';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import { audit, type Changes } from '../account/audit';
import { likeContains } from '../db/like';
import { Code, Messages } from '../http/codes';
import { ApiError } from '../http/envelope';
import type { AppDeps, Body, Caller, RouteSpec, SignedInContext } from '../http/guard';
import { formatDateTime } from '../util/time';

export type Action = 'list' | 'get' | 'create' | 'update' | 'delete' | 'updateStatus';
export type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
export type AnyQuery = SelectQueryBuilder<any, any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
export type Row = Record<string, unknown>;

export interface ResourceField {
  /** Column name (defaults to the field name). */
  column?: string;
  rule?: FieldRuleName | FieldRules;
  /** Writable on create / update. */
  create?: boolean;
  update?: boolean;
  searchable?: 'eq' | 'like' | 'in' | 'range';
  sortable?: boolean;
  /** Epoch-ms column sent as yyyy-MM-dd HH:mm:ss. */
  date?: boolean;
  /** Never sent back and never written to the audit trail (passwords). */
  secret?: boolean;
  /** Empty strings are stored as null (optional texts). */
  nullable?: boolean;
}

export interface ResourceContext extends SignedInContext {
  trx: AnyDb;
}

export interface ResourceDef {
  /** Base path after /api/admin/, e.g. 'user/subuser'. */
  path: string;
  table: string;
  /** Entity name in the audit trail. */
  entity: string;
  /** Field name of the primary key (same as its column). */
  key: string;
  fields: Record<string, ResourceField>;
  /** Permission code per action; extra codes in an array must be held as well. */
  codes: Partial<Record<Action, number | number[]>>;
  /** Restricts a query to the caller's organisation; records outside answer 3002. */
  scope: (caller: Caller, qb: AnyQuery) => AnyQuery;
  /** Extra list conditions (defaults, hidden rows). */
  listFilter?: (ctx: SignedInContext, qb: AnyQuery) => AnyQuery;
  /** Refuses an action on one record (throw ApiError), after scope. */
  guardRecord?: (ctx: SignedInContext, row: Row, action: Action) => void | Promise<void>;
  /** Turns validated create values into columns (hash secrets, set the organisation). */
  beforeCreate?: (ctx: ResourceContext, values: Row) => Promise<Row>;
  beforeUpdate?: (ctx: ResourceContext, row: Row, values: Row) => Promise<Row>;
  beforeDelete?: (ctx: ResourceContext, row: Row) => Promise<void>;
  afterStatus?: (ctx: ResourceContext, row: Row, status: number) => Promise<void>;
  /** Allowed status values (default 0 normal, 1 disabled). */
  statuses?: number[];
  /** Actions whose body arrives RSA-encrypted (CONTRACT.md "Encrypted bodies"). */
  encrypted?: Action[];
  /** Whether the table has createdAt/updatedAt epoch-ms columns the kit maintains (default true). */
  timestamps?: boolean;
  /** Adds derived fields to every record sent back. */
  present?: (row: Row) => Row;
}

const col = (def: ResourceDef, field: string) => def.fields[field]?.column ?? field;
const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const codesOf = (c: number | number[] | undefined): number[] => (c === undefined ? [] : Array.isArray(c) ? c : [c]);

function refuse(code: (typeof Code)[keyof typeof Code], message: string): never {
  throw new ApiError(code, message);
}

export const SHANGHAI_OFFSET_MS = 8 * 3600_000;
/** 'yyyy-MM-dd' or 'yyyy-MM-dd HH:mm:ss' (Asia/Shanghai) or epoch ms; end dates include the whole day. */
function toEpoch(value: unknown, end: boolean): number | null {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m;
  const base = Date.UTC(+y, +mo - 1, +d, +(h ?? 0), +(mi ?? 0), +(s ?? 0)) - SHANGHAI_OFFSET_MS;
  return h === undefined && end ? base + 24 * 3600_000 - 1 : base;
}

/** A record as the client sees it: field names, dates formatted, secrets removed. */
export function presentRow(def: ResourceDef, row: Row): Row {
  const out: Row = {};
  for (const [name, field] of Object.entries(def.fields)) {
    if (field.secret) continue;
    const value = row[col(def, name)];
    out[name] = field.date ? formatDateTime(value as number | null) : (value ?? null);
  }
  return def.present ? { ...out, ...def.present(row) } : out;
}

/** Schema of the writable fields of one action, in declaration order. */
function schemaFor(def: ResourceDef, action: 'create' | 'update'): Schema {
  const schema: Schema = {};
  for (const [name, field] of Object.entries(def.fields)) if (field[action] && field.rule) schema[name] = field.rule;
  return schema;
}

function writableValues(def: ResourceDef, body: Body, action: 'create' | 'update'): Row {
  const values: Row = {};
  for (const [name, field] of Object.entries(def.fields)) {
    if (!field[action] || body[name] === undefined) continue;
    const raw = body[name];
    if (raw !== null && typeof raw === 'object') refuse(Code.VALIDATION, `${name}格式错误`);
    const value = typeof raw === 'string' ? raw.trim() : raw;
    values[col(def, name)] = field.nullable && isEmpty(value) ? null : value;
  }
  return values;
}

/** Audit changes of the declared, non-secret fields, keyed by field name. */
function changesOf(def: ResourceDef, before: Row, after: Row): Changes {
  const changes: Changes = {};
  for (const [name, field] of Object.entries(def.fields)) {
    const c = col(def, name);
    if (field.secret || !(c in after)) continue;
    const from = before[c] ?? null;
    const to = after[c] ?? null;
    if (from !== to) changes[name] = { from, to };
  }
  return changes;
}

export function keyOf(def: ResourceDef, body: Body): number | null {
  const id = Number(body[def.key]);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** Loads one record: 1004 when missing, 3002 when outside the caller's organisation. */
export async function loadScoped(deps: AppDeps, def: ResourceDef, caller: Caller, id: number | null): Promise<Row> {
  const db = deps.db as unknown as AnyDb;
  if (id === null) refuse(Code.VALIDATION, '请指定记录');
  const byKey = db.selectFrom(def.table).selectAll().where(def.key, '=', id);
  const row = (await def.scope(caller, byKey).executeTakeFirst()) as Row | undefined;
  if (row) return row;
  const exists = await byKey.executeTakeFirst();
  return refuse(exists ? Code.OUT_OF_SCOPE : Code.NOT_FOUND, exists ? Messages.outOfScope : Messages.notFound);
}

/** Extra codes of an action (beyond the route's own) answer 3001 when missing. */
function requireCodes(caller: Caller, codes: number[]): void {
  if (codes.some((c) => !caller.perms.has(c))) refuse(Code.NO_PERMISSION, Messages.noPermission);
}

function applyCond(def: ResourceDef, qb: AnyQuery, cond: Row): AnyQuery {
  for (const [name, value] of Object.entries(cond)) {
    const field = def.fields[name];
    if (!field?.searchable || isEmpty(value) || (Array.isArray(value) && value.length === 0)) continue;
    const c = `${def.table}.${col(def, name)}`;
    switch (field.searchable) {
      case 'eq':
        if (typeof value === 'object') refuse(Code.VALIDATION, '查询条件格式错误');
        qb = qb.where(c, '=', value);
        break;
      case 'like':
        qb = qb.where(likeContains(c, String(value)));
        break;
      case 'in':
        qb = qb.where(c, 'in', Array.isArray(value) ? value : [value]);
        break;
      case 'range': {
        const [from, to] = Array.isArray(value) ? value : [];
        const lo = field.date ? toEpoch(from, false) : isEmpty(from) ? null : Number(from);
        const hi = field.date ? toEpoch(to, true) : isEmpty(to) ? null : Number(to);
        if (lo !== null && !Number.isNaN(lo)) qb = qb.where(c, '>=', lo);
        if (hi !== null && !Number.isNaN(hi)) qb = qb.where(c, '<=', hi);
        break;
      }
    }
  }
  return qb;
}

async function runList(deps: AppDeps, def: ResourceDef, ctx: SignedInContext) {
  const db = deps.db as unknown as AnyDb;
  const body = ctx.body;
  const cond = body.cond && typeof body.cond === 'object' && !Array.isArray(body.cond) ? (body.cond as Row) : {};
  const page = (body.page ?? {}) as Row;
  const limit = Math.min(Math.max(Number.isInteger(page.limit) ? (page.limit as number) : 10, 1), 100);
  const pageNum = Math.max(Number.isInteger(page.pageNum) ? (page.pageNum as number) : 1, 1);
  const orderBy = Array.isArray(body.orderBy) ? (body.orderBy as Array<{ field?: unknown; dir?: unknown }>) : [];
  for (const o of orderBy) {
    if (typeof o?.field !== 'string' || !def.fields[o.field]?.sortable || !['asc', 'desc', undefined].includes(o.dir as string))
      refuse(Code.VALIDATION, '不支持的排序字段');
  }
  let base = def.scope(ctx.caller, db.selectFrom(def.table));
  if (def.listFilter) base = def.listFilter(ctx, base);
  base = applyCond(def, base, cond);
  const counted = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
  let rows = base.selectAll();
  for (const o of orderBy) rows = rows.orderBy(`${def.table}.${col(def, o.field as string)}`, o.dir === 'desc' ? 'desc' : 'asc');
  rows = rows.orderBy(`${def.table}.${def.key}`, 'desc').limit(limit).offset((pageNum - 1) * limit);
  const records = ((await rows.execute()) as Row[]).map((r) => presentRow(def, r));
  return { records, total: Number((counted as Row | undefined)?.n ?? 0) };
}

/** The latest audit entry of a record: 操作人 and 操作时间 for detail views. */
export async function lastOperator(deps: AppDeps, entity: string, id: number | string) {
  const row = await deps.db
    .selectFrom('audit_log')
    .select(['operatorName', 'operatorAccount', 'createdAt'])
    .where('entity', '=', entity)
    .where('entityId', '=', String(id))
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { name: row.operatorName, account: row.operatorAccount, time: formatDateTime(row.createdAt) } : null;
}

/** Runs a write in one transaction together with its audit entry. */
export async function auditedWrite(
  ctx: SignedInContext,
  entry: { action: string; entity: string; entityId: number | string; changes?: Changes },
  write: (trx: AnyDb) => Promise<void>,
): Promise<void> {
  await ctx.deps.db.transaction().execute(async (trx) => {
    await write(trx as unknown as AnyDb);
    await audit(trx, { operator: ctx.caller.user, now: ctx.now, ...entry });
  });
}

/** The routes of a declared resource (only the actions that name a code). */
export function defineResource(deps: AppDeps, def: ResourceDef): RouteSpec[] {
  const db = () => deps.db as unknown as AnyDb;
  const signed = (ctx: unknown) => ctx as SignedInContext;
  const [, ...listExtra] = codesOf(def.codes.list);
  const specs: RouteSpec[] = [];
  const route = (action: Action, spec: Omit<RouteSpec, 'path' | 'perm'> & { path?: string }) => {
    const codes = codesOf(def.codes[action]);
    if (codes.length === 0) return;
    const [perm, ...extra] = codes;
    const recordScope = spec.scope;
    specs.push({
      ...spec,
      path: `${def.path}/${spec.path ?? action}`,
      perm,
      encrypted: def.encrypted?.includes(action),
      scope: async (ctx) => {
        requireCodes(ctx.caller, extra);
        return recordScope ? recordScope(ctx) : true;
      },
    });
  };
  /** Scope and record guard of the record named in the body (1004 / 3002 / the guard's answer). */
  const recordScope = (action: Action) => async (ctx: SignedInContext) => {
    const row = await loadScoped(deps, def, ctx.caller, keyOf(def, ctx.body));
    await def.guardRecord?.(ctx, row, action);
    return true;
  };

  route('list', {
    handler: (ctx) => {
      requireCodes(signed(ctx).caller, listExtra);
      return runList(deps, def, signed(ctx));
    },
  });
  route('get', {
    scope: recordScope('get'),
    handler: async (ctx) => {
      const row = await loadScoped(deps, def, signed(ctx).caller, keyOf(def, ctx.body));
      return { ...presentRow(def, row), operator: await lastOperator(deps, def.entity, row[def.key] as number) };
    },
  });
  route('create', {
    schema: schemaFor(def, 'create'),
    handler: async (ctx) => {
      let id: unknown;
      const values = writableValues(def, ctx.body, 'create');
      await db()
        .transaction()
        .execute(async (trx) => {
          const rctx = { ...signed(ctx), trx };
          const stamped = def.timestamps === false ? values : { ...values, createdAt: ctx.now, updatedAt: ctx.now };
          const columns = def.beforeCreate ? await def.beforeCreate(rctx, stamped) : stamped;
          const inserted = (await trx.insertInto(def.table).values(columns).returning(def.key).executeTakeFirstOrThrow()) as Row;
          id = inserted[def.key];
          await audit(trx as never, {
            operator: rctx.caller.user,
            now: ctx.now,
            action: 'create',
            entity: def.entity,
            entityId: id as number,
            changes: changesOf(def, {}, columns),
          });
        });
      return { [def.key]: id };
    },
  });
  route('update', {
    scope: recordScope('update'),
    schema: schemaFor(def, 'update'),
    partial: true,
    handler: async (ctx) => {
      const row = await loadScoped(deps, def, signed(ctx).caller, keyOf(def, ctx.body));
      let values = writableValues(def, ctx.body, 'update');
      await db()
        .transaction()
        .execute(async (trx) => {
          const rctx = { ...signed(ctx), trx };
          if (def.beforeUpdate) values = await def.beforeUpdate(rctx, row, values);
          const changes = changesOf(def, row, values);
          if (Object.keys(changes).length === 0) return;
          await trx.updateTable(def.table).set(def.timestamps === false ? values : { ...values, updatedAt: ctx.now }).where(def.key, '=', row[def.key]).execute();
          await audit(trx as never, { operator: rctx.caller.user, now: ctx.now, action: 'update', entity: def.entity, entityId: row[def.key] as number, changes });
        });
      return presentRow(def, { ...row, ...values });
    },
  });
  route('delete', {
    scope: recordScope('delete'),
    handler: async (ctx) => {
      const row = await loadScoped(deps, def, signed(ctx).caller, keyOf(def, ctx.body));
      await db()
        .transaction()
        .execute(async (trx) => {
          await def.beforeDelete?.({ ...signed(ctx), trx }, row);
          await trx.deleteFrom(def.table).where(def.key, '=', row[def.key]).execute();
          const { [def.key]: _k, ...gone } = presentRow(def, row);
          await audit(trx as never, {
            operator: signed(ctx).caller.user,
            now: ctx.now,
            action: 'delete',
            entity: def.entity,
            entityId: row[def.key] as number,
            changes: Object.fromEntries(Object.entries(gone).map(([f, v]) => [f, { from: v, to: null }])),
          });
        });
      return true;
    },
  });
  const statuses = def.statuses ?? [0, 1];
  route('updateStatus', {
    scope: recordScope('updateStatus'),
    check: (body) => (statuses.includes(body.status as number) ? null : '必须指定状态'),
    handler: async (ctx) => {
      const row = await loadScoped(deps, def, signed(ctx).caller, keyOf(def, ctx.body));
      const status = ctx.body.status as number;
      if (row.status === status) return true;
      await db()
        .transaction()
        .execute(async (trx) => {
          await trx.updateTable(def.table).set(def.timestamps === false ? { status } : { status, updatedAt: ctx.now }).where(def.key, '=', row[def.key]).execute();
          await def.afterStatus?.({ ...signed(ctx), trx }, row, status);
          await audit(trx as never, {
            operator: signed(ctx).caller.user,
            now: ctx.now,
            action: 'updateStatus',
            entity: def.entity,
            entityId: row[def.key] as number,
            changes: { status: { from: row.status, to: status } },
          });
        });
      return true;
    },
  });
  return specs;
}
