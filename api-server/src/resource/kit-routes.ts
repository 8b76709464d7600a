/**
 * Routes every screen of the kit shares: saved searches per user and screen, and file uploads that
 * records then refer to as {url, fileMd5, name}.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { codeOf } from '@flexpay/shared-utility/src/pure';
import { Code, Messages } from '../http/codes';
import { refuse } from '../http/envelope';
import type { AppDeps, RouteSpec, SignedInContext } from '../http/guard';

export const MAX_SAVED_SEARCHES = 20;
/** The JSON body limit is 1 MB; base64 makes a file 4/3 larger. */
export const MAX_UPLOAD_BYTES = 700 * 1024;
const ALLOWED = /\.(jpe?g|png|pdf|xlsx?|gif|bmp)$/i;

export const KitMessages = {
  screen: '请指定页面',
  name: '请输入1到30个字符的名称',
  tooMany: `每个页面最多保存${MAX_SAVED_SEARCHES}个常用查询`,
  fileType: '仅支持 jpg、jpeg、png、pdf、xls、xlsx 文件',
  fileSize: '文件不能超过700KB',
  fileMd5: '文件校验失败，请重新上传',
} as const;

const MIME: Record<string, string> = { pdf: 'application/pdf', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', bmp: 'image/bmp' };

export function uploadDir(deps: AppDeps): string {
  return path.join(deps.config.dataDir, 'uploads');
}

export function kitRoutes(deps: AppDeps): RouteSpec[] {
  const { db } = deps;
  const saved = codeOf('ACT_SAVED_SEARCH');
  const text = (v: unknown, max: number) => (typeof v === 'string' && v.trim().length > 0 && v.trim().length <= max ? v.trim() : null);
  return [
    {
      path: 'user/savedSearch/list',
      perm: saved,
      check: (body) => (text(body.screen, 100) ? null : KitMessages.screen),
      handler: async (ctx) => {
        const rows = await db
          .selectFrom('saved_search')
          .select(['id', 'name', 'cond'])
          .where('userId', '=', (ctx as SignedInContext).caller.user.userId)
          .where('screen', '=', text(ctx.body.screen, 100)!)
          .orderBy('id')
          .execute();
        return rows.map((r) => ({ id: r.id, name: r.name, cond: JSON.parse(r.cond) }));
      },
    },
    {
      path: 'user/savedSearch/save',
      perm: saved,
      check: (body) => {
        if (!text(body.screen, 100)) return KitMessages.screen;
        if (!text(body.name, 30)) return KitMessages.name;
        return body.cond && typeof body.cond === 'object' && !Array.isArray(body.cond) && JSON.stringify(body.cond).length <= 4000 ? null : '查询条件格式错误';
      },
      handler: async (ctx) => {
        const userId = (ctx as SignedInContext).caller.user.userId;
        const screen = text(ctx.body.screen, 100)!;
        const name = text(ctx.body.name, 30)!;
        const cond = JSON.stringify(ctx.body.cond);
        // Saving under an existing name replaces that search.
        const existing = await db.selectFrom('saved_search').select('id').where('userId', '=', userId).where('screen', '=', screen).where('name', '=', name).executeTakeFirst();
        if (existing) {
          await db.updateTable('saved_search').set({ cond, createdAt: ctx.now }).where('id', '=', existing.id).execute();
          return { id: existing.id };
        }
        const count = await db.selectFrom('saved_search').select((eb) => eb.fn.countAll().as('n')).where('userId', '=', userId).where('screen', '=', screen).executeTakeFirst();
        if (Number(count?.n ?? 0) >= MAX_SAVED_SEARCHES) refuse(Code.VALIDATION, KitMessages.tooMany);
        const row = await db.insertInto('saved_search').values({ userId, screen, name, cond, createdAt: ctx.now }).returning('id').executeTakeFirstOrThrow();
        return { id: row.id };
      },
    },
    {
      path: 'user/savedSearch/delete',
      perm: saved,
      check: (body) => (Number.isInteger(body.id) ? null : '请指定常用查询'),
      handler: async (ctx) => {
        // Only the caller's own searches; another user's id deletes nothing.
        await db.deleteFrom('saved_search').where('id', '=', ctx.body.id as number).where('userId', '=', (ctx as SignedInContext).caller.user.userId).execute();
        return true;
      },
    },
    {
      path: 'file/upload',
      perm: codeOf('ACT_FILE_UPLOAD'),
      check: (body) => {
        if (!text(body.name, 200) || !ALLOWED.test(String(body.name))) return KitMessages.fileType;
        if (typeof body.contentBase64 !== 'string' || typeof body.fileMd5 !== 'string') return KitMessages.fileMd5;
        return body.contentBase64.length > Math.ceil(MAX_UPLOAD_BYTES / 3) * 4 ? KitMessages.fileSize : null;
      },
      handler: async (ctx) => {
        const bytes = Buffer.from(String(ctx.body.contentBase64), 'base64');
        if (bytes.length === 0 || bytes.length > MAX_UPLOAD_BYTES) refuse(Code.VALIDATION, KitMessages.fileSize);
        const md5 = crypto.createHash('md5').update(bytes).digest('hex');
        if (md5 !== String(ctx.body.fileMd5).toLowerCase()) refuse(Code.VALIDATION, KitMessages.fileMd5);
        const name = text(ctx.body.name, 200)!;
        const storedAs = `${crypto.randomBytes(16).toString('hex')}${path.extname(name).toLowerCase()}`;
        fs.mkdirSync(uploadDir(deps), { recursive: true, mode: 0o700 });
        fs.writeFileSync(path.join(uploadDir(deps), storedAs), bytes, { mode: 0o600 });
        const row = await db
          .insertInto('upload_file')
          .values({ userId: (ctx as SignedInContext).caller.user.userId, name, fileMd5: md5, size: bytes.length, storedAs, createdAt: ctx.now })
          .returning('id')
          .executeTakeFirstOrThrow();
        return { url: `/api/admin/file/download?id=${row.id}`, fileMd5: md5, name };
      },
    },
    {
      path: 'file/download',
      method: 'GET',
      perm: codeOf('ACT_FILE_DOWNLOAD'),
      raw: true,
      handler: async (ctx) => {
        const { user } = (ctx as SignedInContext).caller;
        const id = Number((ctx.request.query as Record<string, unknown>).id);
        const file = Number.isInteger(id) && id > 0 ? await db.selectFrom('upload_file').innerJoin('admin_user as u', 'u.userId', 'upload_file.userId').select(['upload_file.name', 'upload_file.storedAs', 'u.adminType', 'u.orgId']).where('upload_file.id', '=', id).executeTakeFirst() : undefined;
        if (!file) return refuse(Code.NOT_FOUND, Messages.notFound);
        // Files are the uploading organisation's (and the platform's); records shared wider serve theirs through their own scoped route.
        if (user.adminType !== 1 && (file.adminType !== user.adminType || file.orgId !== user.orgId)) refuse(Code.OUT_OF_SCOPE, Messages.outOfScope);
        return sendStored(deps, ctx.reply, file.storedAs, file.name);
      },
    },
  ];
}

/** The upload ids named by file-field values (`{"url":"/api/admin/file/download?id=N",…}` JSON). */
export function uploadIdsOf(values: unknown[]): number[] {
  const ids: number[] = [];
  for (const value of values) {
    const id = typeof value === 'string' ? /download\?id=(\d+)"/.exec(value)?.[1] : undefined;
    if (id) ids.push(Number(id));
  }
  return ids;
}

/**
 * A record may only name uploads its writer's organisation made (the platform may name any): otherwise
 * a guessed id would attach another tenant's file to one's own record and serve it through that
 * record's file route. Answers 3002 like a download of the same file would.
 */
export async function assertUploadsUsable(db: AppDeps['db'], user: { adminType: number; orgId: number | null }, ids: number[]): Promise<void> {
  if (ids.length === 0 || user.adminType === 1) return;
  const owners = (await db
    .selectFrom('upload_file')
    .innerJoin('admin_user as u', 'u.userId', 'upload_file.userId')
    .select(['upload_file.id', 'u.adminType', 'u.orgId'])
    .where('upload_file.id', 'in', ids)
    .execute()) as Array<{ id: number; adminType: number; orgId: number | null }>;
  for (const id of ids) {
    const owner = owners.find((o) => o.id === id);
    if (!owner) return refuse(Code.NOT_FOUND, Messages.notFound);
    if (owner.adminType !== user.adminType || owner.orgId !== user.orgId) refuse(Code.OUT_OF_SCOPE, Messages.outOfScope);
  }
}

/** An upload a caller names to be read now (an OCR, an import's workbook): usable by it (assertUploadsUsable: 3002), stored (1004). */
export async function usableUpload(db: AppDeps['db'], user: { adminType: number; orgId: number | null }, id: number): Promise<{ id: number; name: string; fileMd5: string; storedAs: string }> {
  await assertUploadsUsable(db, user, [id]);
  const upload = await db.selectFrom('upload_file').select(['id', 'name', 'fileMd5', 'storedAs']).where('id', '=', id).executeTakeFirst();
  return upload ?? refuse(Code.NOT_FOUND, Messages.notFound);
}

/**
 * The upload a file value names (`{ url: '…/file/download?id=N', fileMd5, name }`, as a form sends it): 1001 `missing`
 * when it names none, usableUpload's 3002/1004, then 1001 `changed` when the MD5 sent is not the stored file's.
 * Answers the stored upload with its download url (a talent's files, an import's workbook, an ID photo to read).
 */
export async function namedUpload(db: AppDeps['db'], user: { adminType: number; orgId: number | null }, value: unknown, missing: string, changed = missing) {
  const file = (value && typeof value === 'object' ? value : {}) as { url?: unknown; fileMd5?: unknown };
  const id = Number(/download\?id=(\d+)$/.exec(typeof file.url === 'string' ? file.url : '')?.[1]);
  if (!id) return refuse(Code.VALIDATION, missing);
  const upload = await usableUpload(db, user, id);
  if (typeof file.fileMd5 === 'string' && file.fileMd5.toLowerCase() !== upload.fileMd5) refuse(Code.VALIDATION, changed);
  return { ...upload, url: `/api/admin/file/download?id=${upload.id}` };
}

/**
 * Streams the upload a stored url names (`…/file/download?id=N`) under `name` (default its own); 1004
 * with `missing` when it names none (a record's file, an import's original workbook, a talent's file).
 */
export async function sendUpload(deps: AppDeps, reply: SignedInContext['reply'], url: unknown, name?: string, missing: string = Messages.notFound) {
  const id = Number(/id=(\d+)$/.exec(typeof url === 'string' ? url : '')?.[1]);
  const file = id ? await deps.db.selectFrom('upload_file').select(['name', 'storedAs']).where('id', '=', id).executeTakeFirst() : undefined;
  if (!file) return refuse(Code.NOT_FOUND, missing);
  return sendStored(deps, reply, file.storedAs, name ?? file.name);
}

/** The bytes of a stored upload (an OCR reads the caller's own upload: invoiceApply recognize, cust ocrIdCard). */
export function uploadBytes(deps: AppDeps, storedAs: string): Buffer {
  return fs.readFileSync(path.join(uploadDir(deps), path.basename(storedAs)));
}

/** Streams a stored upload with its original name. */
export function sendStored(deps: AppDeps, reply: SignedInContext['reply'], storedAs: string, name: string) {
  return sendInline(reply, name, fs.createReadStream(path.join(uploadDir(deps), path.basename(storedAs))));
}

/** A file shown in the browser under its name (its type by the name's extension): a stored upload's stream, or a document made now (a bank receipt). */
export function sendInline(reply: SignedInContext['reply'], name: string, body: Buffer | fs.ReadStream) {
  const ext = path.extname(name).slice(1).toLowerCase();
  return reply
    .header('Content-Type', MIME[ext] ?? 'application/octet-stream')
    .header('Content-Disposition', `inline; filename="file.${ext}"; filename*=UTF-8''${encodeURIComponent(name)}`)
    .header('Cache-Control', 'private, no-store')
    .send(body);
}
