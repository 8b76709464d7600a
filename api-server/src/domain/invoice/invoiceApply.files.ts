/**
 * The vouchers and invoice files of an application (spec §7 inviVouchers / inviFileList and their
 * files): lists in the caller's direction, a voucher's removal, an invoice file's edit and removal, the
 * simulated VAT recognition, and the scoped GETs serving the stored files. Adding either is a command
 * of the application (entities/invoice.ts: inviVoucherCreate, inviFileCreate; invoiceApply.effects.ts).
 */
import { accountTypeOf, AdminType, commandAllows, ENUMS, formatFen, INVOICE_APPLY_MESSAGES, invoiceApply, invoiceApplyToMe } from '@flexpay/shared-utility/src/pure';
import fs from 'node:fs';
import path from 'node:path';
import { audit } from '../../account/audit';
import { Code, Messages } from '../../http/codes';
import { refuse } from '../../http/envelope';
import type { AppDeps, RouteSpec, SignedInContext } from '../../http/guard';
import { type InvoiceOcrProvider } from '../../providers/invoice-ocr';
import { parseInput, type Row } from '../../resource/codec';
import { parseCommandInput } from '../../resource/commands';
import { type AnyDb, type Resource, STALE } from '../../resource/entity-resource';
import { assertUploadsUsable, sendStored, uploadDir, uploadIdsOf } from '../../resource/kit-routes';
import { formatDateTime } from '../../util/time';
import { invoiceFileAmounts } from './invoiceApply.effects';
import { intOf, requireType } from './invoiceApply.orders';

/** A stored file value as the browser sees it. */
const fileOf = (stored: unknown) => (typeof stored === 'string' ? (JSON.parse(stored) as Row) : null);

type Apply = Resource<typeof invoiceApply.fields>;
const COMMANDS = invoiceApplyToMe.commands!;
const allows = (ctx: SignedInContext, name: string, row: Row) => commandAllows(invoiceApplyToMe, name, row, accountTypeOf(ctx.caller.user.adminType), ctx.caller.perms);

/** The invoice file sent for recognition. */
function fileJson(raw: unknown): string {
  const parsed = parseInput({ label: '发票文件', type: 'file', required: true }, raw);
  return 'error' in parsed ? refuse(Code.VALIDATION, parsed.error) : String(parsed.value);
}

/** An invoice file's values by the inviFileCreate command's declared fields (one rule for adding and editing). */
function fileValues(body: Row): Row {
  const input = parseCommandInput(COMMANDS.inviFileCreate, body);
  return { invoiceNo: input.invoiceNo, invoiceCode: input.invoiceCode, invoiceDate: input.invoiceDate, ...invoiceFileAmounts(input), file: input.file };
}

export function fileHandlers(deps: AppDeps, toMe: { resource: Apply }, ocr: InvoiceOcrProvider) {
  const db = deps.db as unknown as AnyDb;
  const operator = (ctx: SignedInContext) => ctx.caller.user;

  async function vouchers(resource: Apply, ctx: SignedInContext) {
    const row = await resource.load(ctx.caller, intOf(ctx.body.applyId));
    const rows = (await db.selectFrom('invoice_voucher').selectAll().where('applyId', '=', row.id).orderBy('id').execute()) as Row[];
    // A voucher is removed while one may be uploaded (the command's who and when).
    const mayDelete = allows(ctx, 'inviVoucherCreate', row);
    return rows.map((v) => ({ id: v.id, applyId: v.applyId, voucherType: v.voucherType, voucherTypeName: ENUMS.voucherType.find((o) => o.value === v.voucherType)?.label ?? '', file: fileOf(v.file), uploaderType: v.uploaderType, createdAt: formatDateTime(Number(v.createdAt)), _actions: mayDelete ? ['delete'] : [] }));
  }

  async function deleteVoucher(ctx: SignedInContext) {
    requireType(ctx, AdminType.SYS, AdminType.SPR);
    const voucher = (await db.selectFrom('invoice_voucher').selectAll().where('id', '=', intOf(ctx.body.id) ?? -1).executeTakeFirst()) as Row | undefined;
    if (!voucher) return refuse(Code.NOT_FOUND, Messages.notFound);
    const row = await toMe.resource.load(ctx.caller, voucher.applyId as number);
    await toMe.resource.write(ctx, async (trx) => {
      const current = (await trx.selectFrom('invoice_apply').select('status').where('id', '=', row.id).executeTakeFirstOrThrow()) as Row;
      if (!COMMANDS.inviVoucherCreate.from!.includes(Number(current.status))) refuse(Code.CONFLICT, STALE);
      await trx.deleteFrom('invoice_voucher').where('id', '=', voucher.id).execute();
      await audit(trx as never, { operator: operator(ctx), now: ctx.now, action: 'inviVoucherDelete', entity: invoiceApplyToMe.name, entityId: String(row.id), changes: { voucher: { from: String(fileOf(voucher.file)?.name ?? ''), to: null } } });
    });
    return true;
  }

  async function filesOf(resource: Apply, ctx: SignedInContext) {
    const row = await resource.load(ctx.caller, intOf(ctx.body.applyId));
    const rows = (await db.selectFrom('invoice_file').selectAll().where('applyId', '=', row.id).orderBy('id').execute()) as Row[];
    // An invoice file is edited and removed while one may be added (the command's who and when).
    const editable = allows(ctx, 'inviFileCreate', row);
    return rows.map((f) => ({
      id: f.id,
      applyId: f.applyId,
      invoiceNo: f.invoiceNo,
      invoiceCode: f.invoiceCode,
      invoiceDate: f.invoiceDate,
      total: formatFen(Number(f.totalFen)),
      tax: formatFen(Number(f.taxFen)),
      exclAmount: formatFen(Number(f.totalFen) - Number(f.taxFen)),
      file: fileOf(f.file),
      status: f.status,
      createdAt: formatDateTime(Number(f.createdAt)),
      _actions: editable && f.status === 0 ? ['update', 'delete'] : [],
    }));
  }

  /** A file write on an approved application (20) of the caller's scope, audited on the application. */
  async function fileWrite(ctx: SignedInContext, applyId: unknown, action: string, run: (trx: AnyDb) => Promise<Row | true>) {
    requireType(ctx, AdminType.SYS, AdminType.SPR);
    const row = await toMe.resource.load(ctx.caller, intOf(applyId));
    return toMe.resource.write(ctx, async (trx) => {
      const current = (await trx.selectFrom('invoice_apply').select('status').where('id', '=', row.id).executeTakeFirstOrThrow()) as Row;
      if (!COMMANDS.inviFileCreate.from!.includes(Number(current.status))) refuse(Code.CONFLICT, STALE);
      const answer = await run(trx);
      await audit(trx as never, { operator: operator(ctx), now: ctx.now, action, entity: invoiceApplyToMe.name, entityId: String(row.id), changes: { invoiceNo: { from: null, to: String(ctx.body.invoiceNo ?? ctx.body.id ?? '') } } });
      return answer;
    });
  }

  async function fileOfBody(ctx: SignedInContext): Promise<Row> {
    const file = (await db.selectFrom('invoice_file').selectAll().where('id', '=', intOf(ctx.body.id) ?? -1).executeTakeFirst()) as Row | undefined;
    return file ?? refuse(Code.NOT_FOUND, Messages.notFound);
  }

  async function updateFile(ctx: SignedInContext) {
    requireType(ctx, AdminType.SYS, AdminType.SPR);
    const file = await fileOfBody(ctx);
    await toMe.resource.load(ctx.caller, file.applyId as number);
    const values = fileValues(ctx.body);
    return fileWrite(ctx, file.applyId, 'inviFileUpdate', async (trx) => {
      if (values.file !== file.file) await assertUploadsUsable(trx as never, ctx.caller.user, uploadIdsOf([values.file]));
      const moved = await trx.updateTable('invoice_file').set({ ...values, updatedAt: ctx.now }).where('id', '=', file.id).where('status', '=', 0).executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) refuse(Code.CONFLICT, STALE);
      return true;
    });
  }

  async function deleteFile(ctx: SignedInContext) {
    const file = await fileOfBody(ctx);
    return fileWrite(ctx, file.applyId, 'inviFileDelete', async (trx) => {
      await trx.deleteFrom('invoice_file').where('id', '=', file.id).where('status', '=', 0).execute();
      return true;
    });
  }

  async function recognize(ctx: SignedInContext) {
    requireType(ctx, AdminType.SYS, AdminType.SPR);
    const [id] = uploadIdsOf([fileJson(ctx.body.file)]);
    await assertUploadsUsable(deps.db, ctx.caller.user, [id]);
    const upload = await deps.db.selectFrom('upload_file').select(['name', 'storedAs']).where('id', '=', id).executeTakeFirst();
    if (!upload) return refuse(Code.NOT_FOUND, Messages.notFound);
    const bytes = fs.readFileSync(path.join(uploadDir(deps), path.basename(upload.storedAs)));
    const found = await ocr.recognize({ bytes, name: upload.name });
    return found ?? refuse(Code.VALIDATION, INVOICE_APPLY_MESSAGES.ocrFailed);
  }

  /** A stored voucher or invoice file through its application's scope in the caller's direction. */
  function storedFile(resource: Apply, table: 'invoice_voucher' | 'invoice_file', route: string): RouteSpec {
    return {
      path: route,
      method: 'GET',
      perm: resource.entity.codes.query,
      raw: true,
      handler: async (raw) => {
        const ctx = raw as SignedInContext;
        const id = Number((ctx.request.query as Row).id);
        const row = Number.isInteger(id) && id > 0 ? ((await db.selectFrom(table).select(['applyId', 'file']).where('id', '=', id).executeTakeFirst()) as Row | undefined) : undefined;
        if (!row) return refuse(Code.NOT_FOUND, Messages.notFound);
        await resource.load(ctx.caller, row.applyId as number);
        const [uploadId] = uploadIdsOf([row.file]);
        const upload = uploadId ? await deps.db.selectFrom('upload_file').select(['name', 'storedAs']).where('id', '=', uploadId).executeTakeFirst() : undefined;
        if (!upload) return refuse(Code.NOT_FOUND, Messages.notFound);
        return sendStored(deps, ctx.reply, upload.storedAs, upload.name);
      },
    };
  }

  return { vouchers, deleteVoucher, filesOf, updateFile, deleteFile, recognize, storedFile };
}
