/**
 * The business work of the invoice application's commands (shared-utility/src/pure/entities/invoice.ts
 * `commands`), each inside the transaction the kit derived: the route, the parsed input, the stale
 * check and the audit entry are the kit's (resource/commands.ts). An effect refuses by throwing, which
 * rolls the state move back with it.
 */
import { enumLabel, ENUMS, INVOICE_APPLY_MESSAGES, issueRefusal } from '@flexpay/shared-utility/src/pure';
import { Code } from '../../http/codes';
import { refuse } from '../../http/envelope';
import { insertChunked } from '../../resource/batch';
import { type EffectContext, type Effects, STALE_MESSAGE } from '../../resource/commands';
import type { Row } from '../../resource/entity-resource';

/** A stored file's name (the trail names a voucher by it). */
const fileName = (stored: unknown) => String((JSON.parse(String(stored)) as Row).name ?? '');

/** 上传凭证: the voucher row, named in the audit by its type and file. */
async function addVoucher({ trx, row, input, caller, now }: EffectContext) {
  const values = { applyId: row.id, voucherType: input.voucherType, file: input.file, uploaderType: caller.user.adminType, createdAt: now };
  const [{ id }] = await insertChunked(trx, 'invoice_voucher', [values], ['id']);
  return { answer: { id }, changes: { voucher: { from: null, to: `${enumLabel(ENUMS.voucherType, input.voucherType)}：${fileName(input.file)}` } } };
}

/** 添加发票 / 修改发票: the invoice's columns, its amounts agreeing (a positive total, tax within it). */
function invoiceFileColumns(input: Row, now: number): Row {
  const totalFen = Number(input.total);
  const taxFen = Number(input.tax);
  if (!(totalFen > 0)) refuse(Code.VALIDATION, '价税合计格式错误');
  if (taxFen > totalFen) refuse(Code.VALIDATION, '税额格式错误');
  return { invoiceNo: input.invoiceNo, invoiceCode: input.invoiceCode, invoiceDate: input.invoiceDate, totalFen, taxFen, file: input.file, updatedAt: now };
}

async function addInvoiceFile({ trx, row, input, now }: EffectContext) {
  const values = { applyId: row.id, ...invoiceFileColumns(input, now), status: 0, createdAt: now };
  const [{ id }] = await insertChunked(trx, 'invoice_file', [values], ['id']);
  return { answer: { id } };
}

/** 修改发票 / 删除发票 touch a valid (status 0) invoice only; the trail names it by its id when removed. */
async function updateInvoiceFile({ trx, child, input, now }: EffectContext) {
  const moved = await trx.updateTable('invoice_file').set(invoiceFileColumns(input, now)).where('id', '=', child!.id).where('status', '=', 0).executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) refuse(Code.CONFLICT, STALE_MESSAGE);
  return { answer: true };
}

async function deleteInvoiceFile({ trx, child }: EffectContext) {
  await trx.deleteFrom('invoice_file').where('id', '=', child!.id).where('status', '=', 0).execute();
  return { answer: true, changes: { invoiceNo: { from: null, to: String(child!.id) } } };
}

/** 删除凭证, named in the trail by its file. */
async function deleteVoucher({ trx, child }: EffectContext) {
  await trx.deleteFrom('invoice_voucher').where('id', '=', child!.id).execute();
  return { answer: true, changes: { voucher: { from: fileName(child!.file), to: null } } };
}

/** 申请记录 (the enterprise's direction). */
export const myEffects: Effects = { inviVoucherCreate: addVoucher };

/** 开出记录 (the supplier's direction). */
export const toMeEffects: Effects = {
  // Passing needs the enterprise's work-completion voucher.
  reviewPass: async ({ trx, row }) => {
    const work = await trx.selectFrom('invoice_voucher').select('id').where('applyId', '=', row.id).where('voucherType', '=', 20).executeTakeFirst();
    if (!work) refuse(Code.CONFLICT, INVOICE_APPLY_MESSAGES.needWorkVoucher);
  },
  // Issuing needs files adding up to the total (and the express of a paper invoice); its time is the command's stamp.
  issue: async ({ trx, row }) => {
    const files = (await trx.selectFrom('invoice_file').select(['totalFen', 'status']).where('applyId', '=', row.id).execute()) as Row[];
    const refusal = issueRefusal(
      { totalFen: Number(row.amountFen), medium: Number(row.medium), expressCompany: row.expressCompany as string | null, expressNo: row.expressNo as string | null },
      files.map((f) => ({ totalFen: Number(f.totalFen), status: Number(f.status) })),
    );
    if (refusal) refuse(Code.CONFLICT, refusal);
  },
  inviVoucherCreate: addVoucher,
  inviVoucherDelete: deleteVoucher,
  inviFileCreate: addInvoiceFile,
  inviFileUpdate: updateInvoiceFile,
  inviFileDelete: deleteInvoiceFile,
};
