/**
 * A talent's cooperation (DOMAIN.md §6, spec §7 cust): with enterprises (custCoopEnt: ENT, SPR, SYS
 * write) and with suppliers (custCoopSup: SPR, SYS write; ENT reads and signs its talents on paper or by
 * e-sign), with the sign and tax-registration moves of shared-utility/src/pure/rules/signing.ts. Every
 * move is `UPDATE … WHERE status IN (from)` in the audited transaction, so a stale one answers 1009.
 */
import {
  AdminType,
  custCoopEnt,
  custCoopSup,
  ROW_ACTIONS,
  SIGN,
  SIGN_CHANNEL,
  SIGN_TABLE,
  signActionsOf,
  SIGNING_MESSAGES,
  TAX_TABLE,
} from '@flexpay/shared-utility/src/pure';
import { sql } from 'kysely';
import { audit } from '../../account/audit';
import { Code, Messages } from '../../http/codes';
import { refuse } from '../../http/envelope';
import type { AppDeps, Caller, RouteContext, RouteSpec, SignedInContext } from '../../http/guard';
import { parseInput, type Row } from '../../resource/codec';
import { assertUploadsUsable, uploadIdsOf } from '../../resource/kit-routes';
import { type AnyDb, type AnyQuery, defineResource, keyValue, STALE, T } from '../../resource/entity-resource';
import { talentInScope } from './scope';

export const COOP_MESSAGES = {
  entDuplicate: '该人才已与此企业合作',
  supDuplicate: '该人才已与此供应商合作',
  supplier: '请选择供应商',
  ent: '请选择合作企业',
} as const;

const signed = (ctx: RouteContext) => ctx as SignedInContext;
const typeOf = (caller: Caller) => caller.user.adminType;

/** Talents cooperating with an enterprise of the supplier (a supplier may start cooperating with them). */
const ofSupplierEnts = (db: AnyDb, supplierId: number) =>
  db.selectFrom('cust_coop_ent').select('cust_coop_ent.custId').where('cust_coop_ent.entId', 'in', db.selectFrom('ent').select('ent.id').where('ent.supplierId', '=', supplierId));

/** Refuses (3002) a talent outside the caller's scope (or `also`, a subquery of more talent ids), 1004 a missing one. */
export async function requireTalent(db: AnyDb, caller: Caller, custId: unknown, also?: AnyQuery): Promise<Row> {
  const id = Number(custId);
  if (!Number.isInteger(id) || id <= 0) return refuse(Code.VALIDATION, '请指定人才');
  const row = (await db.selectFrom('cust').selectAll().where('id', '=', id).executeTakeFirst()) as Row | undefined;
  if (!row) return refuse(Code.NOT_FOUND, Messages.notFound);
  const inScope = talentInScope(db as never, caller.scope, 'cust.id');
  const seen = await db
    .selectFrom('cust')
    .select('id')
    .where('id', '=', id)
    .where((eb) => (also ? eb.or([inScope(eb as never), eb('cust.id', 'in', also)]) : inScope(eb as never)))
    .executeTakeFirst();
  if (!seen) refuse(Code.OUT_OF_SCOPE, Messages.outOfScope);
  return row;
}

/** Enterprise cooperation rows a caller sees: its own enterprise's and sub-enterprises' (ENT), its supplier's enterprises' (SPR). */
function entCoopScope(db: AnyDb) {
  return (caller: Caller, qb: AnyQuery): AnyQuery => {
    const orgId = caller.user.orgId ?? -1;
    switch (typeOf(caller)) {
      case AdminType.SYS:
        return qb;
      case AdminType.SPR:
        return qb.where(`${T}.entId`, 'in', db.selectFrom('ent').select('id').where('supplierId', '=', orgId)).where(talentInScope(db as never, caller.scope, `${T}.custId`) as never);
      case AdminType.ENT:
        return qb.where(`${T}.entId`, 'in', db.selectFrom('ent').select('id').where((eb) => eb.or([eb('id', '=', orgId), eb('parentId', '=', orgId)])));
      default:
        return qb.where(sql<boolean>`1 = 0`);
    }
  };
}

/** Supplier cooperation rows: its own (SPR); its talents' with its supplier (ENT). */
function supCoopScope(db: AnyDb) {
  return (caller: Caller, qb: AnyQuery): AnyQuery => {
    const orgId = caller.user.orgId ?? -1;
    switch (typeOf(caller)) {
      case AdminType.SYS:
        return qb;
      case AdminType.SPR:
        return qb.where(`${T}.supplierId`, '=', orgId);
      case AdminType.ENT:
        return qb
          .where(`${T}.supplierId`, 'in', db.selectFrom('ent').select('supplierId').where('id', '=', orgId))
          .where(talentInScope(db as never, caller.scope, `${T}.custId`) as never);
      default:
        return qb.where(sql<boolean>`1 = 0`);
    }
  };
}

export function custCoopEntRoutes(deps: AppDeps): RouteSpec[] {
  const db = deps.db as unknown as AnyDb;
  const { routes } = defineResource(deps, custCoopEnt, {
    scope: entCoopScope(db),
    writers: ['SYS', 'SPR', 'ENT'],
    create: 'addEntCoopData',
    update: 'updateEntCoopData',
    simple: false,
    listAliases: [custCoopEnt.paths.query],
    duplicate: COOP_MESSAGES.entDuplicate,
    // An enterprise adds cooperation with itself only; the talent must be one the caller sees.
    // The talent must be one the caller sees; an enterprise names itself or a sub-enterprise of its own.
    beforeCreate: async (ctx, values) => {
      await requireTalent(ctx.trx, ctx.caller, values.custId);
      const own = ctx.caller.user.orgId;
      const entId = typeOf(ctx.caller) === AdminType.ENT ? (values.entId ?? own) : values.entId;
      if (entId === null || entId === undefined) refuse(Code.VALIDATION, COOP_MESSAGES.ent);
      const ent = (await ctx.trx.selectFrom('ent').select(['id', 'parentId']).where('id', '=', entId).executeTakeFirst()) as Row | undefined;
      if (!ent) refuse(Code.VALIDATION, COOP_MESSAGES.ent);
      if (typeOf(ctx.caller) === AdminType.ENT && ent!.id !== own && ent!.parentId !== own) refuse(Code.OUT_OF_SCOPE, Messages.outOfScope);
      return { ...values, entId };
    },
  });
  // The spec's list is cust/query/custCoopEnt; the kit's …/custCoopEnt/list would be a second name for it.
  return routes.filter((r) => r.path !== `${custCoopEnt.paths.query}/list`);
}

/** The talent's ID number and real-name state beside each supplier cooperation row (lists, get, export). */
const talentColumns = (qb: AnyQuery): AnyQuery =>
  qb.select((eb) => [
    eb.selectFrom('cust as lc').select('lc.idNumber').whereRef('lc.id', '=', `${T}.custId`).as('custIdNumber'),
    eb.selectFrom('cust as lc').select('lc.realNameStatus').whereRef('lc.id', '=', `${T}.custId`).as('custRealNameStatus'),
  ]);

const SIGNERS = new Set<number>([AdminType.SYS, AdminType.SPR, AdminType.ENT]);
const MANAGERS = new Set<number>([AdminType.SYS, AdminType.SPR]);
/** What an enterprise may do on its talents' supplier cooperation: sign them. */
const ENT_ACTIONS = new Set(['paperSign', 'eSign']);

/** The sign actions the caller may take on a shown row. */
function decorate(caller: Caller, record: Row): Row {
  const mgr = caller.perms.has(custCoopSup.codes.mgr!);
  const row = { status: Number(record.status), signChannel: Number(record.signChannel), signStatus: Number(record.signStatus), taxRegStatus: Number(record.taxRegStatus) };
  const type = typeOf(caller);
  const sign = mgr && SIGNERS.has(type) ? signActionsOf(row, Number(record.realNameStatus ?? 0)).filter((a) => type !== AdminType.ENT || ENT_ACTIONS.has(a)) : [];
  const actions = [...((record[ROW_ACTIONS] as string[] | undefined) ?? []).filter((a) => a !== 'update'), ...(mgr && MANAGERS.has(type) ? ['update'] : []), ...sign];
  return { ...record, [ROW_ACTIONS]: actions };
}

interface Move {
  column: 'signStatus' | 'taxRegStatus';
  from: readonly number[];
  to: number;
  set: Row;
  action: string;
  file?: { fileType: number; value: string };
}

/** A sign or tax file as stored JSON: one of the caller's organisation's own uploads (3002 otherwise). */
async function fileValue(db: AnyDb, caller: Caller, field: 'signFile' | 'taxFile', raw: unknown, missing: string): Promise<string> {
  if (raw === undefined || raw === null || raw === '') return refuse(Code.VALIDATION, missing);
  const parsed = parseInput(custCoopSup.fields[field], raw);
  if ('error' in parsed) return refuse(Code.VALIDATION, parsed.error);
  await assertUploadsUsable(db as never, caller.user, uploadIdsOf([parsed.value]));
  return parsed.value as string;
}

export function custCoopSupRoutes(deps: AppDeps): RouteSpec[] {
  const db = deps.db as unknown as AnyDb;
  const { resource, routes } = defineResource(deps, custCoopSup, {
    scope: supCoopScope(db),
    writers: ['SYS', 'SPR'],
    // SPR keeps its own supplier's rows; ENT signs, never edits the cooperation.
    mayWrite: (caller, row) => typeOf(caller) === AdminType.SYS || row.supplierId === caller.user.orgId,
    create: 'addSupCoopData',
    update: false,
    simple: false,
    export: true,
    duplicate: COOP_MESSAGES.supDuplicate,
    lookups: talentColumns,
    // The talent's ID number, masked for everyone by the kit (the field's `masked`; issue 22 item 6).
    computed: (row) => ({ idNumber: (row.custIdNumber as string | null) ?? null, realNameStatus: Number(row.custRealNameStatus ?? 0) }),
    // A supplier adds the talents it sees or those cooperating with one of its enterprises.
    beforeCreate: async (ctx, values) => {
      await requireTalent(ctx.trx, ctx.caller, values.custId, typeOf(ctx.caller) === AdminType.SPR ? ofSupplierEnts(ctx.trx, ctx.caller.user.orgId ?? -1) : undefined);
      const supplierId = typeOf(ctx.caller) === AdminType.SPR ? (values.supplierId ?? ctx.caller.user.orgId) : values.supplierId;
      if (supplierId === null || supplierId === undefined) refuse(Code.VALIDATION, COOP_MESSAGES.supplier);
      if (typeOf(ctx.caller) === AdminType.SPR && supplierId !== ctx.caller.user.orgId) refuse(Code.OUT_OF_SCOPE, Messages.outOfScope);
      const supplier = await ctx.trx.selectFrom('mercht').select('id').where('id', '=', supplierId).where('merchtType', '>=', 100).executeTakeFirst();
      if (!supplier) refuse(Code.VALIDATION, COOP_MESSAGES.supplier);
      return { ...values, supplierId, signStatus: SIGN.none, taxRegStatus: 0 };
    },
  });

  const list = async (ctx: RouteContext) => {
    const caller = signed(ctx).caller;
    const answer = await resource.list(caller, ctx.body);
    return { ...answer, records: (answer.records as Row[]).map((r) => decorate(caller, r)) };
  };
  const get = async (caller: Caller, key: number | string | null) => {
    return decorate(caller, (await resource.get(caller, key)) as Row);
  };

  /** One move of a row: refused by the table (1009), audited with the file it stores. */
  const move = async (ctx: SignedInContext, row: Row, m: Move) => {
    if (!m.from.includes(Number(row[m.column]))) refuse(Code.CONFLICT, STALE);
    await db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable('cust_coop_sup')
        .set({ ...m.set, [m.column]: m.to, updatedAt: ctx.now })
        .where('id', '=', row.id)
        .where(m.column, 'in', [...m.from])
        .where('status', '=', 0)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) refuse(Code.CONFLICT, STALE);
      if (m.file) {
        const file = JSON.parse(m.file.value) as { url: string; fileMd5: string; name: string };
        await trx
          .insertInto('cust_file')
          .values({ custId: row.custId, fileType: m.file.fileType, supplierId: row.supplierId, url: file.url, name: file.name || '文件', fileMd5: file.fileMd5, createdAt: ctx.now })
          .execute();
      }
      const changes: Record<string, { from: unknown; to: unknown }> = { [m.column]: { from: row[m.column], to: m.to } };
      for (const [k, v] of Object.entries(m.set)) if (String(row[k] ?? null) !== String(v)) changes[k] = { from: row[k] ?? null, to: v };
      await audit(trx as never, { operator: ctx.caller.user, now: ctx.now, action: m.action, entity: custCoopSup.name, entityId: String(row.id), changes });
    });
  };

  /** The row of a write, in scope; 3001 when the caller may not take `action` on it. */
  const rowFor = async (ctx: SignedInContext, action: string): Promise<Row> => {
    const row = await resource.load(ctx.caller, keyValue(custCoopSup, ctx.body));
    const type = typeOf(ctx.caller);
    const allowed = type === AdminType.ENT ? ENT_ACTIONS.has(action) : resource.mayWrite(ctx.caller, row);
    if (!allowed) refuse(Code.NO_PERMISSION, Messages.noPermission);
    if (action !== 'update' && Number(row.status) !== 0) refuse(Code.CONFLICT, SIGNING_MESSAGES.suspended);
    return row;
  };

  /**
   * updateSupCoopData: `signStatus` 20 with the signed file (paper), `signStatus` 10 with channel 2 or 6
   * (e-sign), `taxRegStatus` 40 (cancel the registration); otherwise an edit of status, channel, remark.
   */
  const update = async (ctx: SignedInContext) => {
    const body = ctx.body;
    if (body.signStatus !== undefined && body.signStatus !== null) {
      const target = Number(body.signStatus);
      if (target === SIGN.success) {
        const row = await rowFor(ctx, 'paperSign');
        const file = await fileValue(db, ctx.caller, 'signFile', body.signFile, SIGNING_MESSAGES.signFile);
        await move(ctx, row, { column: 'signStatus', ...SIGN_TABLE.paperSigned, set: { signChannel: SIGN_CHANNEL.paper, signedAt: ctx.now, signStartedAt: null }, action: 'paperSign', file: { fileType: 3, value: file } });
      } else if (target === SIGN.signing) {
        const channel = Number(body.signChannel);
        if (channel !== SIGN_CHANNEL.esign && channel !== SIGN_CHANNEL.partnerV2) refuse(Code.VALIDATION, SIGNING_MESSAGES.eSignChannel);
        const row = await rowFor(ctx, 'eSign');
        await move(ctx, row, { column: 'signStatus', ...SIGN_TABLE.eSignStarted, set: { signChannel: channel, signStartedAt: ctx.now, signedAt: null }, action: 'eSign' });
      } else refuse(Code.CONFLICT, STALE);
      return get(ctx.caller, keyValue(custCoopSup, body));
    }
    if (body.taxRegStatus !== undefined && body.taxRegStatus !== null) {
      if (Number(body.taxRegStatus) !== TAX_TABLE.cancelled.to) refuse(Code.CONFLICT, STALE);
      const row = await rowFor(ctx, 'taxCancel');
      await move(ctx, row, { column: 'taxRegStatus', ...TAX_TABLE.cancelled, set: {}, action: 'taxCancel' });
      return get(ctx.caller, keyValue(custCoopSup, body));
    }
    const row = await rowFor(ctx, 'update');
    const values = resource.values(body, 'update');
    if (values.signChannel !== undefined && Number(values.signChannel) !== Number(row.signChannel) && Number(row.signStatus) === SIGN.signing)
      refuse(Code.CONFLICT, SIGNING_MESSAGES.channelWhileSigning);
    const changes = Object.fromEntries(Object.entries(values).filter(([k, v]) => String(row[k] ?? null) !== String(v ?? null)).map(([k, v]) => [k, { from: row[k] ?? null, to: v }]));
    if (Object.keys(changes).length > 0)
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('cust_coop_sup').set({ ...values, updatedAt: ctx.now }).where('id', '=', row.id).execute();
        await audit(trx as never, { operator: ctx.caller.user, now: ctx.now, action: 'update', entity: custCoopSup.name, entityId: String(row.id), changes });
      });
    return get(ctx.caller, keyValue(custCoopSup, body));
  };

  /** taxRealNameFile: the tax real-name file (20) sent to the supplier's tax channel; real-name 10 first. */
  const taxRealNameFile = async (ctx: SignedInContext) => {
    const row = await rowFor(ctx, 'taxReg');
    const file = await fileValue(db, ctx.caller, 'taxFile', ctx.body.taxFile, SIGNING_MESSAGES.taxFile);
    if (Number(row.custRealNameStatus) !== 10) refuse(Code.CONFLICT, SIGNING_MESSAGES.realNameFirst);
    await move(ctx, row, { column: 'taxRegStatus', ...TAX_TABLE.applied, set: { taxRegAt: ctx.now }, action: 'taxReg', file: { fileType: 20, value: file } });
    return get(ctx.caller, keyValue(custCoopSup, ctx.body));
  };

  const { query, mgr } = custCoopSup.paths;
  const kept = routes.filter((r) => r.path !== `${query}/list` && r.path !== `${query}/get`);
  return [
    ...kept,
    { path: query, perm: custCoopSup.codes.query, handler: list },
    {
      path: `${query}/get`,
      perm: custCoopSup.codes.query,
      // 详情 shows the ID number masked, like the list; common/reveal hands out the whole one, audited.
      handler: async (ctx) => get(signed(ctx).caller, keyValue(custCoopSup, ctx.body)),
    },
    { path: `${mgr}/updateSupCoopData`, perm: custCoopSup.codes.mgr!, handler: (ctx) => update(signed(ctx)) },
    { path: `${mgr}/taxRealNameFile`, perm: custCoopSup.codes.mgr!, handler: (ctx) => taxRealNameFile(signed(ctx)) },
  ];
}
