/**
 * 人才 records (spec §7 cust; DOMAIN.md §6): one person per (ID type, ID number) across the platform,
 * seen through its cooperation rows (scope.ts), changed only by who registered it (talentWritableBy). ID,
 * card and phone numbers leave the server masked for everyone (the entity's `masked` fields, issue 22
 * item 6); a holder of 20110 reveals one value through common/reveal, audited.
 * Creating a talent also creates its cooperation with the enterprise and that enterprise's supplier
 * (and its card when a number is given); a person already registered answers 1009 naming the record.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  AdminType,
  checkIdNumber,
  cust,
  idNumberKey,
  TALENT_MESSAGES,
  TALENT_MGR_CODE,
  TALENT_OWN_FILE_TYPES,
} from '@flexpay/shared-utility/src/pure';
import { sql } from 'kysely';
import { audit } from '../../account/audit';
import { entInScope } from '../../account/scope';
import { Code, Messages } from '../../http/codes';
import { refuse } from '../../http/envelope';
import type { AppDeps, Body, Caller, RouteSpec, SignedInContext } from '../../http/guard';
import { isUniqueViolation } from '../../http/db-errors';
import { simulatedOcrProvider } from '../../providers/ocr';
import { simulatedRealNameProvider } from '../../providers/realname';
import { type AnyDb, defineResource, keyValue, type Row, T } from '../../resource/entity-resource';
import { sendStored, uploadDir } from '../../resource/kit-routes';
import { formatDateTime } from '../../util/time';
import { lookupBin } from './bin';
import { talentInScope, talentWritableBy } from './scope';

export const TalentMessages = {
  ...TALENT_MESSAGES,
  entRequired: '请选择企业',
  entMissing: '企业不存在',
  duplicate: '证件号码已存在',
  realNameDone: '该人才已实名认证，修改姓名或证件号码后可重新认证',
} as const;

/** Whether the caller may reveal ID, card and phone numbers one at a time (they are masked for everyone). */
export const mayReveal = (caller: Caller | undefined) => !!caller && caller.perms.has(TALENT_MGR_CODE);

/** A short unique talent code: C + time + random (custCode is unique in the table). */
export function newCustCodes(count: number, now: number): string[] {
  const stamp = now.toString(36).toUpperCase();
  const salt = crypto.randomBytes(3).toString('hex').toUpperCase();
  return Array.from({ length: count }, (_, i) => `C${stamp}${salt}${i.toString(36).toUpperCase().padStart(3, '0')}`);
}

/** The stored person with this ID type and number, whatever its case. */
export async function existingPerson(db: AnyDb, idType: number, idNumber: string): Promise<{ id: number; custCode: string } | undefined> {
  return (await db
    .selectFrom('cust')
    .select(['id', 'custCode'])
    .where('idType', '=', idType)
    .where(sql<string>`upper(${sql.ref('idNumber')})`, '=', idNumberKey(idNumber))
    .executeTakeFirst()) as { id: number; custCode: string } | undefined;
}

/**
 * The cooperation rows a talent needs with an enterprise and its supplier (DOMAIN.md §6), added when
 * missing; answers whether any was new.
 */
export async function ensureCooperation(trx: AnyDb, custId: number, ent: { id: number; supplierId: number }, now: number): Promise<boolean> {
  let added = false;
  if (!(await trx.selectFrom('cust_coop_ent').select('id').where('custId', '=', custId).where('entId', '=', ent.id).executeTakeFirst())) {
    await trx.insertInto('cust_coop_ent').values({ custId, entId: ent.id, status: 0, remark: null, createdAt: now, updatedAt: now }).execute();
    added = true;
  }
  if (!(await trx.selectFrom('cust_coop_sup').select('id').where('custId', '=', custId).where('supplierId', '=', ent.supplierId).executeTakeFirst())) {
    await trx
      .insertInto('cust_coop_sup')
      .values({ custId, supplierId: ent.supplierId, status: 0, signChannel: 0, signStatus: 0, signStartedAt: null, signedAt: null, agreementVersionId: null, taxRegStatus: 0, taxRegAt: null, remark: null, createdAt: now, updatedAt: now })
      .execute();
    added = true;
  }
  return added;
}

/** The talent's card (unchecked, named from the BIN table when the bank is not given) unless it has it. */
export async function ensureCard(trx: AnyDb, custId: number, cardNo: string | null, bankName: string | null, now: number): Promise<void> {
  if (!cardNo) return;
  if (await trx.selectFrom('cust_card').select('id').where('custId', '=', custId).where('cardNo', '=', cardNo).executeTakeFirst()) return;
  const bin = await lookupBin(trx, cardNo);
  await trx
    .insertInto('cust_card')
    .values({ custId, cardNo, bankName: bankName ?? bin?.bankName ?? null, cardType: bin?.cardType ?? 'DC', cardAttr: 'C', accountCategory: 0, validated: 0, createdAt: now, updatedAt: now })
    .execute();
}

/** The enterprise a write names: ENT its own, SYS and SPR the body's entId (inside their scope). */
export async function targetEnterprise(db: AnyDb, caller: Caller, body: Body): Promise<{ id: number; supplierId: number }> {
  const raw = caller.user.adminType === AdminType.ENT ? caller.user.orgId : Number(body.entId);
  if (!raw || !Number.isInteger(raw) || raw <= 0) return refuse(Code.VALIDATION, TalentMessages.entRequired);
  const ent = (await db.selectFrom('ent').select(['id', 'supplierId']).where('id', '=', raw).executeTakeFirst()) as { id: number; supplierId: number } | undefined;
  if (!ent) return refuse(Code.NOT_FOUND, TalentMessages.entMissing);
  if (!(await entInScope(db as never, caller.scope, ent.id))) refuse(Code.OUT_OF_SCOPE, Messages.outOfScope);
  return ent;
}

interface UploadRef {
  id: number;
  name: string;
  fileMd5: string;
  storedAs: string;
  url: string;
}

/** An upload named by `{url, fileMd5, name}` that the caller's organisation made (the platform any). */
export async function ownUpload(db: AnyDb, caller: Caller, value: unknown, missing: string): Promise<UploadRef> {
  const file = value && typeof value === 'object' ? (value as { url?: unknown; fileMd5?: unknown }) : {};
  const id = Number(/download\?id=(\d+)$/.exec(typeof file.url === 'string' ? file.url : '')?.[1]);
  if (!id) return refuse(Code.VALIDATION, missing);
  const row = (await db
    .selectFrom('upload_file')
    .innerJoin('admin_user as u', 'u.userId', 'upload_file.userId')
    .select(['upload_file.id', 'upload_file.name', 'upload_file.fileMd5', 'upload_file.storedAs', 'u.adminType', 'u.orgId'])
    .where('upload_file.id', '=', id)
    .executeTakeFirst()) as (Omit<UploadRef, 'url'> & { adminType: number; orgId: number | null }) | undefined;
  if (!row) return refuse(Code.NOT_FOUND, Messages.notFound);
  if (caller.user.adminType !== AdminType.SYS && (row.adminType !== caller.user.adminType || row.orgId !== caller.user.orgId)) refuse(Code.OUT_OF_SCOPE, Messages.outOfScope);
  if (typeof file.fileMd5 === 'string' && file.fileMd5.toLowerCase() !== row.fileMd5) refuse(Code.VALIDATION, TalentMessages.file);
  return { id: row.id, name: row.name, fileMd5: row.fileMd5, storedAs: row.storedAs, url: `/api/admin/file/download?id=${row.id}` };
}

/** Replaces the talent's own file of one type (ID front 0, back 1, bio 2) in the write's transaction. */
async function putFile(trx: AnyDb, custId: number, fileType: number, upload: UploadRef, now: number): Promise<void> {
  await trx.deleteFrom('cust_file').where('custId', '=', custId).where('fileType', '=', fileType).where('supplierId', 'is', null).execute();
  await trx.insertInto('cust_file').values({ custId, fileType, supplierId: null, url: upload.url, name: upload.name, fileMd5: upload.fileMd5, createdAt: now }).execute();
}

/** Which supplier files (signature 3, tax 20) a caller sees: SYS all, SPR its own, ENT its supplier's. */
function supplierFilesOf(db: AnyDb, caller: Caller) {
  switch (caller.scope.kind) {
    case 'all':
      return null;
    case 'supplier':
      return [caller.scope.supplierId];
    case 'ent':
      return db.selectFrom('ent').select('ent.supplierId').where('ent.id', '=', caller.scope.entId);
    default:
      return [];
  }
}

const FILE_FIELDS: Array<[string, number]> = [
  ['idFront', 0],
  ['idBack', 1],
];

export function talentRoutes(deps: AppDeps): RouteSpec[] {
  const db = deps.db as unknown as AnyDb;
  const signed = (ctx: unknown) => ctx as SignedInContext;

  const talents = defineResource(deps, cust, {
    scope: (caller, qb) => qb.where(talentInScope(deps.db, caller.scope, `${T}.id`) as never),
    create: false,
    export: true,
    writers: ['SYS', 'SPR', 'ENT'],
    duplicate: TalentMessages.duplicate,
    // A talent another enterprise registered is listed (it cooperates with the caller) but not changed.
    mayWrite: (caller, row) => talentWritableBy(caller, row),
    check: async (_ctx, next) => {
      const message = checkIdNumber(Number(next.idType), String(next.idNumber ?? ''));
      if (message) refuse(Code.VALIDATION, message);
    },
    // A new name or ID number is a person the real-name check has not seen: back to 0.
    beforeUpdate: async (_ctx, values, before) => {
      const changed = (['name', 'idType', 'idNumber'] as const).some((f) => values[f] !== undefined && String(values[f]) !== String(before[f]));
      return changed ? { ...values, realNameStatus: 0, realNameAt: null } : values;
    },
    // 附件 to whoever may manage talents (uploading needs the write rule too); 实名认证 changes the record.
    rowActions: (caller, row) =>
      mayReveal(caller) && caller.user.adminType !== AdminType.MER
        ? ['files', ...(Number(row.realNameStatus) === 0 && talentWritableBy(caller, row) ? ['realName'] : [])]
        : [],
  });
  const resource = talents.resource;

  /** Loads a talent the caller may write (20110 and SYS/SPR/ENT), inside its scope. */
  const writable = async (ctx: SignedInContext, key: unknown): Promise<Row> => {
    const row = await resource.load(ctx.caller, keyValue(cust, { id: key }));
    if (!resource.mayWrite(ctx.caller, row)) refuse(Code.NO_PERMISSION, Messages.noPermission);
    return row;
  };

  const listFiles = async (caller: Caller, custId: number) => {
    const suppliers = supplierFilesOf(db, caller);
    let q = db.selectFrom('cust_file').select(['id', 'fileType', 'supplierId', 'name', 'fileMd5', 'createdAt']).where('custId', '=', custId);
    if (suppliers !== null) q = q.where((eb) => eb.or([eb('supplierId', 'is', null), eb('supplierId', 'in', suppliers as never)]));
    const rows = (await q.orderBy('fileType').orderBy('id').execute()) as Array<{ id: number; fileType: number; supplierId: number | null; name: string; fileMd5: string; createdAt: number }>;
    return rows.map((r) => ({ ...r, url: `/api/admin/cust/query/file/download?id=${r.id}`, createdAt: formatDateTime(r.createdAt) }));
  };

  return [
    ...talents.routes.filter((r) => r.path !== 'cust/query/get'),
    {
      path: 'cust/query/get',
      perm: cust.codes.query,
      handler: async (ctx) => {
        const { caller } = signed(ctx);
        // Masked like the list: a whole number is revealed (and audited) one value at a time.
        const record = (await resource.get(caller, keyValue(cust, ctx.body))) as Row;
        return { ...record, files: await listFiles(caller, Number(record.id)) };
      },
    },
    {
      path: 'cust/mgr/create',
      perm: TALENT_MGR_CODE,
      handler: async (ctx) => {
        const { caller } = signed(ctx);
        if (!resource.mayWrite(caller, null)) refuse(Code.NO_PERMISSION, Messages.noPermission);
        const ent = await targetEnterprise(db, caller, ctx.body);
        const values = resource.values({ ...ctx.body, entId: ent.id }, 'create');
        const idMessage = checkIdNumber(Number(values.idType), String(values.idNumber));
        if (idMessage) refuse(Code.VALIDATION, idMessage);
        const uploads: Array<[number, UploadRef]> = [];
        for (const [field, fileType] of FILE_FIELDS)
          if (ctx.body[field]) uploads.push([fileType, await ownUpload(db, caller, ctx.body[field], TalentMessages.file)]);
        const alreadyThere = async () => {
          const found = await existingPerson(db, Number(values.idType), String(values.idNumber));
          if (found) refuse(Code.CONFLICT, TalentMessages.exists(found.custCode), { id: found.id, custCode: found.custCode });
        };
        await alreadyThere();
        const [custCode] = newCustCodes(1, ctx.now);
        let id = 0;
        try {
          await deps.db.transaction().execute(async (tx) => {
            const trx = tx as unknown as AnyDb;
            const columns = { ...values, custCode, supplierId: ent.supplierId, realNameStatus: 0, signStatus: 0, status: 0, createdAt: ctx.now, updatedAt: ctx.now };
            id = ((await trx.insertInto('cust').values(columns).returning('id').executeTakeFirstOrThrow()) as { id: number }).id;
            await ensureCooperation(trx, id, ent, ctx.now);
            await ensureCard(trx, id, (values.bankCard as string | null) ?? null, (values.bankName as string | null) ?? null, ctx.now);
            for (const [fileType, upload] of uploads) await putFile(trx, id, fileType, upload, ctx.now);
            const changes = Object.fromEntries(
              Object.entries({ custCode, name: values.name, idType: values.idType, entId: ent.id }).map(([k, v]) => [k, { from: null, to: v }]),
            );
            await audit(tx, { operator: caller.user, now: ctx.now, action: 'create', entity: 'cust', entityId: String(id), changes });
          });
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          // A concurrent create of the same person won: name its record.
          await alreadyThere();
          refuse(Code.CONFLICT, TalentMessages.duplicate);
        }
        return { id, custCode };
      },
    },
    {
      // 实名认证: the simulated 2-factor provider decides 10 or 20 once; a new name or ID number resets it.
      path: 'cust/mgr/realName',
      perm: TALENT_MGR_CODE,
      handler: async (ctx) => {
        const { caller } = signed(ctx);
        const row = await writable(signed(ctx), ctx.body.id);
        if (Number(row.realNameStatus) !== 0) refuse(Code.CONFLICT, TalentMessages.realNameDone);
        const result = await simulatedRealNameProvider.verify({ name: String(row.name), idType: Number(row.idType), idNumber: String(row.idNumber) });
        await deps.db.transaction().execute(async (trx) => {
          const moved = await trx.updateTable('cust').set({ realNameStatus: result, realNameAt: ctx.now, updatedAt: ctx.now }).where('id', '=', Number(row.id)).where('realNameStatus', '=', 0).executeTakeFirst();
          if (Number(moved.numUpdatedRows) !== 1) refuse(Code.CONFLICT, TalentMessages.realNameDone);
          await audit(trx, { operator: caller.user, now: ctx.now, action: 'realName', entity: 'cust', entityId: String(row.id), changes: { realNameStatus: { from: 0, to: result } } });
        });
        return resource.get(caller, Number(row.id));
      },
    },
    {
      // 身份证识别: reads an uploaded ID photo through the OCR provider; nothing is stored.
      path: 'cust/mgr/ocrIdCard',
      perm: TALENT_MGR_CODE,
      handler: async (ctx) => {
        const { caller } = signed(ctx);
        if (!resource.mayWrite(caller, null)) refuse(Code.NO_PERMISSION, Messages.noPermission);
        const upload = await ownUpload(db, caller, ctx.body.file, TalentMessages.ocrFile);
        const bytes = fs.readFileSync(path.join(uploadDir(deps), path.basename(upload.storedAs)));
        const read = await simulatedOcrProvider.readIdCard({ bytes, fileMd5: upload.fileMd5 });
        return { ...read, file: { url: upload.url, fileMd5: upload.fileMd5, name: upload.name } };
      },
    },
    {
      path: 'cust/query/file',
      perm: cust.codes.query,
      handler: async (ctx) => {
        const { caller } = signed(ctx);
        const row = await resource.load(caller, keyValue(cust, { id: ctx.body.custId }));
        return listFiles(caller, Number(row.id));
      },
    },
    {
      path: 'cust/query/file/download',
      method: 'GET',
      perm: cust.codes.query,
      raw: true,
      handler: async (ctx) => {
        const { caller } = signed(ctx);
        const id = Number((ctx.request.query as Row).id);
        const file = Number.isInteger(id) && id > 0 ? ((await db.selectFrom('cust_file').select(['id', 'custId', 'url', 'name']).where('id', '=', id).executeTakeFirst()) as Row | undefined) : undefined;
        if (!file) return refuse(Code.NOT_FOUND, Messages.notFound);
        await resource.load(caller, Number(file.custId));
        if (!(await listFiles(caller, Number(file.custId))).some((f) => f.id === id)) refuse(Code.OUT_OF_SCOPE, Messages.outOfScope);
        const uploadId = Number(/id=(\d+)$/.exec(String(file.url))?.[1]);
        const stored = uploadId ? await deps.db.selectFrom('upload_file').select(['storedAs']).where('id', '=', uploadId).executeTakeFirst() : undefined;
        if (!stored) return refuse(Code.NOT_FOUND, Messages.notFound);
        return sendStored(deps, ctx.reply, stored.storedAs, String(file.name));
      },
    },
    {
      // 附件: ID front 0, back 1, bio 2 from an upload of the caller's (file/upload first).
      path: 'cust/mgr/file/save',
      perm: TALENT_MGR_CODE,
      check: (body) => (TALENT_OWN_FILE_TYPES.includes(Number(body.fileType) as 0) && body.fileType !== '' && body.fileType !== null ? null : TalentMessages.fileType),
      handler: async (ctx) => {
        const { caller } = signed(ctx);
        const row = await writable(signed(ctx), ctx.body.custId);
        const upload = await ownUpload(db, caller, ctx.body.file, TalentMessages.file);
        const fileType = Number(ctx.body.fileType);
        await deps.db.transaction().execute(async (trx) => {
          await putFile(trx as unknown as AnyDb, Number(row.id), fileType, upload, ctx.now);
          await audit(trx, { operator: caller.user, now: ctx.now, action: 'attachFile', entity: 'cust', entityId: String(row.id), changes: { [`file${fileType}`]: { from: null, to: upload.name } } });
        });
        return listFiles(caller, Number(row.id));
      },
    },
  ];
}
