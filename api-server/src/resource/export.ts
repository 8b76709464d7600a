/**
 * Server export of a resource's whole filtered result (docs/kit.md): `genExportExcelToken` checks the
 * conditions and hands out a single-use token (5 minutes, bound to the caller), then a signed GET
 * `export?token=` reads the rows in chunks into an xlsx (xlsx-stream.ts: SheetJS writes the workbook,
 * rows are deflated as they come), headed by the entity's Chinese labels with enums and refs as their labels.
 */
import crypto from 'node:crypto';
import { accountTypeOf, ENUMS, type Entity, enumLabel, type EntityFields, EXPORT_WHOLE_ACTION, fieldFor, revealCodeOf, shownIn } from '@flexpay/shared-utility/src/pure';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import { audit } from '../account/audit';
import { Code, Messages } from '../http/codes';
import { ApiError } from '../http/envelope';
import { type AppDeps, type Caller, type RouteSpec, type SignedInContext, signed } from '../http/guard';
import { formatDateTime } from '../util/time';
import type { Row } from './codec';
import { streamChunks } from './stream';
import { XlsxSheetWriter } from './xlsx-stream';

export const EXPORT_TTL_MS = 5 * 60_000;
const CHUNK = 5000;
/** More rows than a spreadsheet user can work with; the filter must narrow it first. */
export const EXPORT_MAX_ROWS = 200_000;
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const ExportMessages = {
  expired: '导出链接已失效，请重新导出',
  tooMany: `导出数据超过${EXPORT_MAX_ROWS}条，请缩小查询范围`,
} as const;

type AnyQuery = SelectQueryBuilder<any, any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Order = Array<{ column: string; dir: 'asc' | 'desc' }>;

/** What an export reads of a resource (entity-resource.ts's Resource), named here so the two files do not import each other. */
export interface ExportSource<F extends EntityFields> {
  readonly entity: Entity<F>;
  filtered(caller: Caller, body: Row): { qb: AnyQuery; order: Order };
  rows(qb: AnyQuery, order: Order): AnyQuery;
  show(row: Row, caller?: Caller, whole?: boolean): Row;
}

const hash = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** A single-use download token bound to the caller and a path, keeping what was asked (`export_token`). */
export async function issueToken(db: AnyDb, ctx: Pick<SignedInContext, 'caller' | 'now'>, path: string, query: unknown, ttlMs = EXPORT_TTL_MS): Promise<string> {
  const token = crypto.randomBytes(24).toString('hex');
  await db.insertInto('export_token').values({ tokenHash: hash(token), userId: ctx.caller.user.userId, path, query: JSON.stringify(query), expiresAt: ctx.now + ttlMs }).execute();
  return token;
}

/** What the `?token=` of a GET on `path` asked for, without using it up (null when there is none): picks the handler. */
export async function peekToken(db: AnyDb, ctx: Pick<SignedInContext, 'request'>, path: string): Promise<Row | null> {
  const token = await db.selectFrom('export_token').select('query').where('tokenHash', '=', hash(String((ctx.request.query as Row).token ?? ''))).where('path', '=', path).executeTakeFirst();
  return token ? (JSON.parse(String(token.query)) as Row) : null;
}

/** Uses up `token` for `path` (unexpired, unused; `userId`'s when named): the token's user and what was asked, else null. */
export async function takeToken(db: AnyDb, token: unknown, path: string, now: number, userId?: number): Promise<{ userId: number; query: Row } | null> {
  let update = db.updateTable('export_token').set({ usedAt: now }).where('tokenHash', '=', hash(String(token ?? ''))).where('path', '=', path);
  if (userId !== undefined) update = update.where('userId', '=', userId);
  const claimed = await update.where('usedAt', 'is', null).where('expiresAt', '>', now).returning(['userId', 'query']).executeTakeFirst();
  return claimed ? { userId: Number(claimed.userId), query: JSON.parse(String(claimed.query || '{}')) as Row } : null;
}

/** Uses up the `?token=` of a GET on `path` (the caller's, unexpired, unused): what was asked, else 1001 with `expired`. */
export async function claimToken(db: AnyDb, ctx: Pick<SignedInContext, 'caller' | 'now' | 'request'>, path: string, expired: string = ExportMessages.expired): Promise<Row> {
  const claimed = await takeToken(db, (ctx.request.query as Row).token, path, ctx.now, ctx.caller.user.userId);
  if (!claimed) throw new ApiError(Code.VALIDATION, expired);
  return claimed.query;
}

/** Answers a workbook as a download named `name` (the ASCII `fallback` for old clients). */
export function sendXlsx(reply: SignedInContext['reply'], bytes: Buffer, name: string, fallback = 'export.xlsx') {
  return reply
    .header('Content-Type', XLSX_TYPE)
    .header('Content-Disposition', `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`)
    .header('Cache-Control', 'no-store')
    .send(bytes);
}

/** A download declared once: `<path>/<ask>` hands out a single-use token keeping what `prepare` read of the body (its `answer` joins the token's), the GET `<path>/<get>?token=` answers the xlsx `file` makes of it. */
export interface TokenExport {
  path: string;
  perm: number;
  /** The route names after `path` (default genExportExcelToken and export). */
  ask?: string;
  get?: string;
  /** Checks the body: what the token keeps, and more of the answer (`{total}`). */
  prepare: (ctx: SignedInContext) => Promise<{ query: unknown; answer?: Row }>;
  file: (ctx: SignedInContext, asked: Row) => Promise<{ bytes: Buffer; name: string }>;
  /** The ASCII file name for old clients. */
  fallback?: string;
}

export function tokenExport(deps: AppDeps, e: TokenExport): RouteSpec[] {
  const db = deps.db as unknown as AnyDb;
  return [
    {
      path: `${e.path}/${e.ask ?? 'genExportExcelToken'}`,
      perm: e.perm,
      handler: signed(async (ctx) => {
        const { query, answer } = await e.prepare(ctx);
        return { token: await issueToken(db, ctx, e.path, query), ...answer };
      }),
    },
    {
      path: `${e.path}/${e.get ?? 'export'}`,
      method: 'GET',
      perm: e.perm,
      raw: true,
      handler: signed(async (ctx) => {
        const file = await e.file(ctx, await claimToken(db, ctx, e.path));
        return sendXlsx(ctx.reply, file.bytes, file.name, e.fallback);
      }),
    },
  ];
}

/** Who exported whole numbers (issue 22 item 6): in the entity's trail, which fields (`revealed`) and how many rows. */
export async function auditWholeExport(db: AnyDb, ctx: Pick<SignedInContext, 'caller' | 'now'>, entity: Entity, revealed: string, count: number): Promise<void> {
  const changes = { revealedField: { from: null, to: revealed }, exported: { from: null, to: count } };
  await audit(db as never, { operator: ctx.caller.user, now: ctx.now, action: EXPORT_WHOLE_ACTION, entity: entity.name, entityId: '', changes });
}

/** 数据_<title>_yyyyMMddHHmmss.xlsx (spec §9 prefix 数据). */
export function exportFileName(title: string, now: number): string {
  return `数据_${title}_${formatDateTime(now)!.replace(/[-: ]/g, '')}.xlsx`;
}

/** The cell text of a presented value: enum labels, ref labels, money and dates as sent. */
function cells<F extends EntityFields>(resource: ExportSource<F>, names: string[], record: Row): unknown[] {
  return names.map((name) => {
    const field = resource.entity.fields[name];
    const value = record[name];
    if (field.type === 'enum' && field.enum) return enumLabel(ENUMS[field.enum], value, '');
    if (field.type === 'ref' && field.show) return record[field.show] ?? '';
    if (field.type === 'file') return (value as { name?: string } | null)?.name ?? '';
    return value ?? '';
  });
}

/** The exported columns (list fields but the key). */
const exportedNames = (entity: Entity): string[] => entity.fieldNames.filter((n) => shownIn(entity.fields[n], 'list') && n !== entity.key);

export function exportRoutes<F extends EntityFields>(deps: AppDeps, resource: ExportSource<F>): RouteSpec[] {
  const { entity } = resource;
  const code = entity.codes.export ?? entity.codes.query;
  const path = entity.paths.query;
  // Exported masked columns: `whole: true` writes them unmasked for a holder of each one's reveal code, audited (issue 22 item 6).
  const maskedColumns = exportedNames(entity as Entity).filter((n) => entity.fields[n].masked);
  return tokenExport(deps, {
    path,
    perm: code,
    prepare: async (ctx) => {
      const whole = ctx.body.whole === true;
      if (whole && (maskedColumns.length === 0 || maskedColumns.some((n) => !ctx.caller.perms.has(revealCodeOf(entity.fields[n]))))) throw new ApiError(Code.NO_PERMISSION, Messages.noPermission);
      const { qb } = resource.filtered(ctx.caller, ctx.body);
      const total = Number(((await qb.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()) as Row).n);
      if (total > EXPORT_MAX_ROWS) throw new ApiError(Code.VALIDATION, ExportMessages.tooMany);
      return { query: { cond: ctx.body.cond ?? {}, orderBy: ctx.body.orderBy ?? [], ...(whole ? { whole } : {}) }, answer: { total } };
    },
    file: async (ctx, asked) => {
      const { caller } = ctx;
      const whole = asked.whole === true;
      const { qb, order } = resource.filtered(caller, asked);
      const names = exportedNames(entity as Entity).filter((n) => fieldFor(entity.fields[n], accountTypeOf(caller.user.adminType)));
      const sheet = new XlsxSheetWriter(names.map((n) => entity.fields[n].label), entity.title);
      const query = resource.rows(qb, order).limit(EXPORT_MAX_ROWS);
      // One sorted pass read row by row (a cursor on PostgreSQL): offsets sorted and skipped the whole
      // result again per chunk (13.3 s for 101 000 lines of 1 000 000 orders on PostgreSQL).
      let count = 0;
      await streamChunks(query, CHUNK, async (rows) => {
        count += rows.length;
        await sheet.addRows(rows.map((row) => cells(resource, names, resource.show(row as Row, caller, whole))));
      });
      const bytes = await sheet.finish();
      if (whole) await auditWholeExport(deps.db as unknown as AnyDb, ctx, entity as Entity, maskedColumns.map((n) => entity.fields[n].label).join('、'), count);
      return { bytes, name: exportFileName(entity.title, ctx.now) };
    },
  });
}
