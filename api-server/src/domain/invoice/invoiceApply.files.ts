/**
 * The vouchers and invoice files of an application (spec §7 inviVouchers / inviFileList and their
 * files): lists in the caller's direction, a voucher's removal, an invoice file's edit and removal, the
 * simulated VAT recognition, and the scoped GETs serving the stored files. Adding either is a command
 * of the application (entities/invoice.ts: inviVoucherCreate, inviFileCreate; invoiceApply.effects.ts).
 */
import { accountTypeOf, commandAllows, enumLabel, ENUMS, formatFen, INVOICE_APPLY_MESSAGES, invoiceApply, invoiceApplyToMe } from '@flexpay/shared-utility/src/pure';
import { audit, type Changes } from '../../account/audit';
import { Code, Messages } from '../../http/codes';
import { refuse } from '../../http/envelope';
import type { AppDeps, RouteSpec, SignedInContext } from '../../http/guard';
import { type InvoiceOcrProvider } from '../../providers/invoice-ocr';
import { parseInput, type Row } from '../../resource/codec';
import { parseCommandInput } from '../../resource/commands';
import { type AnyDb, type Resource, STALE } from '../../resource/entity-resource';
import { assertUploadsUsable, sendUpload, uploadBytes, uploadIdsOf } from '../../resource/kit-routes';
import { formatDateTime } from '../../util/time';
import { invoiceFileAmounts } from './invoiceApply.effects';
import { intOf } from './invoiceApply.orders';

/** A stored file value as the browser sees it. */
const fileOf = (stored: unknown) => (typeof stored === 'string' ? (JSON.parse(stored) as Row) : null);

type Apply = Resource<typeof invoiceApply.fields>;
type Child = 'invoice_voucher' | 'invoice_file';
type ChildCommand = 'inviVoucherCreate' | 'inviFileCreate';
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

  /** An application's vouchers or invoice files, and whether the caller may change them: while it may add one (the command's who and when). */
  async function childRows(resource: Apply, ctx: SignedInContext, table: Child, command: ChildCommand) {
    const row = await resource.load(ctx.caller, intOf(ctx.body.applyId));
    const rows = (await db.selectFrom(table).selectAll().where('applyId', '=', row.id).orderBy('id').execute()) as Row[];
    return { rows, editable: allows(ctx, command, row) };
  }

  async function vouchers(resource: Apply, ctx: SignedInContext) {
    const { rows, editable } = await childRows(resource, ctx, 'invoice_voucher', 'inviVoucherCreate');
    return rows.map((v) => ({ id: v.id, applyId: v.applyId, voucherType: v.voucherType, voucherTypeName: enumLabel(ENUMS.voucherType, v.voucherType, ''), file: fileOf(v.file), uploaderType: v.uploaderType, createdAt: formatDateTime(Number(v.createdAt)), _actions: editable ? ['delete'] : [] }));
  }

  async function filesOf(resource: Apply, ctx: SignedInContext) {
    const { rows, editable } = await childRows(resource, ctx, 'invoice_file', 'inviFileCreate');
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

  /** The voucher or invoice file the body's id names. */
  async function childOf(ctx: SignedInContext, table: Child): Promise<Row> {
    const child = (await db.selectFrom(table).selectAll().where('id', '=', intOf(ctx.body.id) ?? -1).executeTakeFirst()) as Row | undefined;
    return child ?? refuse(Code.NOT_FOUND, Messages.notFound);
  }

  /** A change of an application's voucher or file (SYS, SPR), while the command adding one is open to it, audited on the application. */
  async function childWrite(ctx: SignedInContext, applyId: unknown, command: ChildCommand, action: string, changes: Changes, run: (trx: AnyDb) => Promise<unknown>) {
    const row = await toMe.resource.load(ctx.caller, intOf(applyId));
    await toMe.resource.write(ctx, async (trx) => {
      const current = (await trx.selectFrom('invoice_apply').select('status').where('id', '=', row.id).executeTakeFirstOrThrow()) as Row;
      if (!COMMANDS[command].from!.includes(Number(current.status))) refuse(Code.CONFLICT, STALE);
      await run(trx);
      await audit(trx as never, { operator: ctx.caller.user, now: ctx.now, action, entity: invoiceApplyToMe.name, entityId: String(row.id), changes });
    });
    return true;
  }

  async function deleteVoucher(ctx: SignedInContext) {
    const voucher = await childOf(ctx, 'invoice_voucher');
    const changes = { voucher: { from: String(fileOf(voucher.file)?.name ?? ''), to: null } };
    return childWrite(ctx, voucher.applyId, 'inviVoucherCreate', 'inviVoucherDelete', changes, (trx) => trx.deleteFrom('invoice_voucher').where('id', '=', voucher.id).execute());
  }

  /** An invoice file's audit names it by the number sent (修改) or its id (删除). */
  const fileChanges = (ctx: SignedInContext): Changes => ({ invoiceNo: { from: null, to: String(ctx.body.invoiceNo ?? ctx.body.id ?? '') } });

  async function updateFile(ctx: SignedInContext) {
    const file = await childOf(ctx, 'invoice_file');
    await toMe.resource.load(ctx.caller, file.applyId as number);
    const values = fileValues(ctx.body);
    return childWrite(ctx, file.applyId, 'inviFileCreate', 'inviFileUpdate', fileChanges(ctx), async (trx) => {
      if (values.file !== file.file) await assertUploadsUsable(trx as never, ctx.caller.user, uploadIdsOf([values.file]));
      const moved = await trx.updateTable('invoice_file').set({ ...values, updatedAt: ctx.now }).where('id', '=', file.id).where('status', '=', 0).executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) refuse(Code.CONFLICT, STALE);
    });
  }

  async function deleteFile(ctx: SignedInContext) {
    const file = await childOf(ctx, 'invoice_file');
    return childWrite(ctx, file.applyId, 'inviFileCreate', 'inviFileDelete', fileChanges(ctx), (trx) => trx.deleteFrom('invoice_file').where('id', '=', file.id).where('status', '=', 0).execute());
  }

  async function recognize(ctx: SignedInContext) {
    const [id] = uploadIdsOf([fileJson(ctx.body.file)]);
    await assertUploadsUsable(deps.db, ctx.caller.user, [id]);
    const upload = await deps.db.selectFrom('upload_file').select(['name', 'storedAs']).where('id', '=', id).executeTakeFirst();
    if (!upload) return refuse(Code.NOT_FOUND, Messages.notFound);
    const found = await ocr.recognize({ bytes: uploadBytes(deps, upload.storedAs), name: upload.name });
    return found ?? refuse(Code.VALIDATION, INVOICE_APPLY_MESSAGES.ocrFailed);
  }

  /** A stored voucher or invoice file through its application's scope in the caller's direction. */
  function storedFile(resource: Apply, table: Child, route: string): RouteSpec {
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
        return sendUpload(deps, ctx.reply, fileOf(row.file)?.url);
      },
    };
  }

  return { vouchers, deleteVoucher, filesOf, updateFile, deleteFile, recognize, storedFile };
}
