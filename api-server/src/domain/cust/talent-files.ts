import { cust } from '@flexpay/shared-utility/src/pure';
import { Code, Messages } from '../../http/codes';
import { refuse } from '../../http/envelope';
import { type AppDeps, type Caller, type RouteSpec, signed } from '../../http/guard';
import { type AnyDb, keyValue, type Resource, type Row } from '../../resource/entity-resource';
import { readIn } from '../../resource/batch';
import { sendUpload } from '../../resource/kit-routes';
import { formatDateTime } from '../../util/time';
import { inScope } from '../../account/scope';

/**
 * Stores a file of the talent in the write's transaction: its own (ID front 0, back 1, bio 2) replaces the
 * one of that type; a supplier's (the signed agreement 3, the tax real-name file 20) is kept beside the earlier ones.
 */
export async function putFile(trx: AnyDb, custId: unknown, fileType: number, file: { url: string; name: string; fileMd5: string }, now: number, supplierId: unknown = null): Promise<void> {
  if (supplierId === null) await trx.deleteFrom('cust_file').where('custId', '=', custId).where('fileType', '=', fileType).where('supplierId', 'is', null).execute();
  await trx.insertInto('cust_file').values({ custId, fileType, supplierId, url: file.url, name: file.name, fileMd5: file.fileMd5, createdAt: now }).execute();
}

/** A talent's files the caller sees: its own (ID front/back, bio) and the supplier files (signature 3, tax 20) of the suppliers it sees. */
export async function talentFiles(db: AnyDb, caller: Caller, custId: number): Promise<Row[]> {
  const seen = inScope(db, { coopSupplier: 'supplierId' }, caller.scope);
  const q = db.selectFrom('cust_file').select(['id', 'fileType', 'supplierId', 'name', 'fileMd5', 'createdAt']).where('custId', '=', custId);
  const rows = (await q.where((eb) => eb.or([eb('supplierId', 'is', null), seen(eb as never)])).orderBy('fileType').orderBy('id').execute()) as Row[];
  return rows.map((r) => ({ ...r, url: `/api/admin/cust/query/file/download?id=${r.id}`, createdAt: formatDateTime(r.createdAt as number) }));
}

/** 附件: the talent's files and one to download (saving one of its own is the cust entity's fileSave command). */
export function talentFileRoutes(deps: AppDeps, resource: Resource<typeof cust.fields>): RouteSpec[] {
  const db = deps.db;
  return [
    {
      path: 'cust/query/file',
      perm: cust.codes.query,
      handler: signed(async ({ caller, body }) => {
        const row = await resource.load(caller, keyValue(cust, { id: body.custId }));
        return talentFiles(db, caller, Number(row.id));
      }),
    },
    {
      path: 'cust/query/file/download',
      method: 'GET',
      perm: cust.codes.query,
      raw: true,
      handler: signed(async ({ caller, request, reply }) => {
        const id = Number((request.query as Row).id);
        const [file] = Number.isInteger(id) && id > 0 ? await readIn(db, 'cust_file', ['custId', 'url', 'name'], { id: [id] }) : [];
        if (!file) return refuse(Code.NOT_FOUND, Messages.notFound);
        await resource.load(caller, Number(file.custId));
        if (!(await talentFiles(db, caller, Number(file.custId))).some((f) => f.id === id)) refuse(Code.OUT_OF_SCOPE, Messages.outOfScope);
        return sendUpload(deps, reply, file.url, String(file.name));
      }),
    },
  ];
}
