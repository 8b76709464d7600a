/**
 * The vouchers and invoice files of an application (spec §7 inviVouchers / inviFileList and their
 * files): the lists in the caller's direction, the simulated VAT recognition, and the scoped GETs serving
 * the stored files. Adding, editing and removing them are commands of the application (entities/invoice.ts:
 * inviVoucherCreate/Delete, inviFileCreate/Update/Delete; invoiceApply.effects.ts).
 */
import { accountTypeOf, commandAllows, enumLabel, ENUMS, formatFen, INVOICE_APPLY_MESSAGES, invoiceApply, invoiceApplyToMe } from '@flexpay/shared-utility/src/pure';
import { Code, Messages } from '../../http/codes';
import { refuse } from '../../http/envelope';
import { type AppDeps, type RouteSpec, signed, type SignedInContext } from '../../http/guard';
import type { InvoiceOcrProvider } from '../../providers/invoice-ocr';
import { parseInput, type Row } from '../../resource/codec';
import type { AnyDb, Resource } from '../../resource/entity-resource';
import { assertUploadsUsable, sendUpload, uploadBytes, uploadIdsOf } from '../../resource/kit-routes';
import { formatDateTime } from '../../util/time';
import { intOf } from './invoiceApply.orders';

type Apply = Resource<typeof invoiceApply.fields>;
/** A stored file value as the browser sees it. */
const fileOf = (stored: unknown) => (typeof stored === 'string' ? (JSON.parse(stored) as Row) : null);

/** Each table's records as listed, and the row actions they offer (wire name → the application's child command). */
const CHILDREN = {
  invoice_voucher: {
    columns: ['id', 'applyId', 'voucherType', 'uploaderType'],
    show: (v: Row) => ({ voucherTypeName: enumLabel(ENUMS.voucherType, v.voucherType, '') }),
    offers: (): Record<string, string> => ({ delete: 'inviVoucherDelete' }),
  },
  invoice_file: {
    columns: ['id', 'applyId', 'invoiceNo', 'invoiceCode', 'invoiceDate', 'status'],
    show: (f: Row) => ({ total: formatFen(Number(f.totalFen)), tax: formatFen(Number(f.taxFen)), exclAmount: formatFen(Number(f.totalFen) - Number(f.taxFen)) }),
    offers: (f: Row): Record<string, string> => (f.status === 0 ? { update: 'inviFileUpdate', delete: 'inviFileDelete' } : {}),
  },
} as const;
type Child = keyof typeof CHILDREN;

/** The lists and stored files of both directions (each through its application resource's scope and code). */
export function fileRoutes(deps: AppDeps, directions: Array<[Apply, string]>): RouteSpec[] {
  const db = deps.db as unknown as AnyDb;

  /** An application's records of a table, each offering what the application's child commands allow the caller. */
  const list = (resource: Apply, table: Child) =>
    signed(async (ctx) => {
      const row = await resource.load(ctx.caller, intOf(ctx.body.applyId));
      const rows = (await db.selectFrom(table).selectAll().where('applyId', '=', row.id).orderBy('id').execute()) as Row[];
      const allows = (name: string) => commandAllows(invoiceApplyToMe, name, row, accountTypeOf(ctx.caller.user.adminType), ctx.caller.perms);
      const { columns, show, offers } = CHILDREN[table];
      return rows.map((r) => ({
        ...Object.fromEntries(columns.map((c) => [c, r[c]])),
        ...show(r),
        file: fileOf(r.file),
        createdAt: formatDateTime(Number(r.createdAt)),
        _actions: Object.entries(offers(r)).filter(([, name]) => allows(name)).map(([action]) => action),
      }));
    });

  /** A stored voucher or invoice file through its application's scope in the caller's direction. */
  const stored = (resource: Apply, table: Child, path: string): RouteSpec => ({
    path,
    method: 'GET',
    perm: resource.entity.codes.query,
    raw: true,
    handler: signed(async (ctx) => {
      const id = Number((ctx.request.query as Row).id);
      const row = Number.isInteger(id) && id > 0 ? ((await db.selectFrom(table).select(['applyId', 'file']).where('id', '=', id).executeTakeFirst()) as Row | undefined) : undefined;
      if (!row) return refuse(Code.NOT_FOUND, Messages.notFound);
      await resource.load(ctx.caller, row.applyId as number);
      return sendUpload(deps, ctx.reply, fileOf(row.file)?.url);
    }),
  });

  return directions.flatMap(([resource, dir]) => [
    { path: `invoice/act/query/${dir}/inviVouchers`, perm: resource.entity.codes.query, handler: list(resource, 'invoice_voucher') },
    { path: `invoice/act/query/${dir}/inviFileList`, perm: resource.entity.codes.query, handler: list(resource, 'invoice_file') },
    stored(resource, 'invoice_voucher', `invoice/act/query/${dir}/inviVoucherFile`),
    stored(resource, 'invoice_file', `invoice/act/query/${dir}/inviFile`),
  ]);
}

/** 识别 (spec ocrVatInvoice): the fields an uploaded invoice's marks give, for 添加发票's dialog. */
export function recognizer(deps: AppDeps, ocr: InvoiceOcrProvider) {
  return signed(async (ctx: SignedInContext) => {
    const parsed = parseInput({ label: '发票文件', type: 'file', required: true }, ctx.body.file);
    const [id] = uploadIdsOf(['error' in parsed ? refuse(Code.VALIDATION, parsed.error) : String(parsed.value)]);
    await assertUploadsUsable(deps.db, ctx.caller.user, [id]);
    const upload = await deps.db.selectFrom('upload_file').select(['name', 'storedAs']).where('id', '=', id).executeTakeFirst();
    if (!upload) return refuse(Code.NOT_FOUND, Messages.notFound);
    const found = await ocr.recognize({ bytes: uploadBytes(deps, upload.storedAs), name: upload.name });
    return found ?? refuse(Code.VALIDATION, INVOICE_APPLY_MESSAGES.ocrFailed);
  });
}
