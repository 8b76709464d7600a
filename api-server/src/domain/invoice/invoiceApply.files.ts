/**
 * The vouchers and invoice files of an application (spec §7 inviVouchers / inviFileList and their
 * files): the lists in the caller's direction, the simulated VAT recognition, and the scoped GETs serving
 * the stored files. Adding, editing and removing them are commands of the application (entities/invoice.ts:
 * inviVoucherCreate/Delete, inviFileCreate/Update/Delete; invoiceApply.effects.ts).
 */
import { accountTypeOf, commandAllows, type Entity, type EntityFields, INVOICE_APPLY_MESSAGES, invoiceApplyToMe, invoiceFileFields } from '@flexpay/shared-utility/src/pure';
import { invoiceFile, invoiceVoucher } from '@flexpay/shared-utility/src/pure/entities/read-models';
import { Code } from '../../http/codes';
import { refuse } from '../../http/envelope';
import { type AppDeps, type RouteSpec, signed, type SignedInContext } from '../../http/guard';
import type { InvoiceOcrProvider } from '../../providers/invoice-ocr';
import { parsedValue, type Row } from '../../resource/codec';
import { type AnyDb, keyValue, present, Resource, T } from '../../resource/entity-resource';
import { fileRoute } from '../../resource/file-route';
import { uploadBytes, uploadIdsOf, usableUpload } from '../../resource/kit-routes';

/** What the lists read of an application resource (either direction). */
type Apply = Pick<Resource<EntityFields>, 'entity' | 'scoped' | 'load'>;

/** Each child's entity and the row actions its records offer (wire name → the application's child command). */
const CHILDREN = {
  inviVouchers: { entity: invoiceVoucher as Entity, file: 'inviVoucherFile', offers: () => ({ delete: 'inviVoucherDelete' }) },
  inviFileList: { entity: invoiceFile as Entity, file: 'inviFile', offers: (f: Row) => (f.status === 0 ? { update: 'inviFileUpdate', delete: 'inviFileDelete' } : {}) },
} as const;

/** The lists and stored files of both directions, each through its application resource's scope and code. */
export function fileRoutes(deps: AppDeps, directions: Array<[Apply, string]>): RouteSpec[] {
  return directions.flatMap(([apply, dir]) =>
    Object.entries(CHILDREN).flatMap(([name, { entity, file, offers }]): RouteSpec[] => {
      const perm = apply.entity.codes.query;
      // A record in scope when its application is (1004 for none, 3002 outside).
      const records = new Resource(deps, entity, { scope: (caller, qb) => qb.where(`${T}.applyId`, 'in', apply.scoped(caller).select(`${T}.id`)) });
      /** An application's records, each offering what the application's child commands allow the caller. */
      const list = signed(async (ctx) => {
        const row = await apply.load(ctx.caller, keyValue(apply.entity, { id: ctx.body.applyId }));
        const allows = (command: string) => commandAllows(invoiceApplyToMe, command, row, accountTypeOf(ctx.caller.user.adminType), ctx.caller.perms);
        const rows = (await (deps.db as AnyDb).selectFrom(entity.table).selectAll().where('applyId', '=', row.id).orderBy('id').execute()) as Row[];
        return rows.map((r) => ({ ...present(entity, r), ...entity.derive!(r), _actions: Object.entries(offers(r)).filter(([, c]) => allows(c)).map(([action]) => action) }));
      });
      return [{ path: `invoice/act/query/${dir}/${name}`, perm, handler: list }, fileRoute(deps, records, 'file', `invoice/act/query/${dir}/${file}`, perm)];
    }),
  );
}

/** 识别 (spec ocrVatInvoice): the fields an uploaded invoice's marks give, for 添加发票's dialog. */
export function recognizer(deps: AppDeps, ocr: InvoiceOcrProvider) {
  return signed(async (ctx: SignedInContext) => {
    const [id] = uploadIdsOf([String(parsedValue(invoiceFileFields.file, ctx.body.file))]);
    const upload = await usableUpload(deps.db, ctx.caller.user, id);
    const found = await ocr.recognize({ bytes: uploadBytes(deps, upload.storedAs), name: upload.name });
    return found ?? refuse(Code.VALIDATION, INVOICE_APPLY_MESSAGES.ocrFailed);
  });
}
