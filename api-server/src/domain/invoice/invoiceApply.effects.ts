/**
 * The business work of the invoice application's commands (shared-utility/src/pure/entities/invoice.ts
 * `commands`), each inside the transaction the kit derived: the route, the parsed input, the stale
 * check and the audit entry are the kit's (resource/commands.ts). An effect refuses by throwing, which
 * rolls the state move back with it.
 */
import { enumLabel, ENUMS, INVOICE_APPLY_MESSAGES, issueRefusal } from '@flexpay/shared-utility/src/pure';
import { Code } from '../../http/codes';
import { refuse } from '../../http/envelope';
import { insertChunked, updateIn, whereEach } from '../../resource/batch';
import { type EffectContext, type Effects, STALE_MESSAGE } from '../../resource/commands';
import type { Row } from '../../resource/entity-resource';

/** A stored file's name (the trail names a voucher by it). */
const fileName = (stored: unknown) => String((JSON.parse(String(stored)) as Row).name ?? '');

/** 上传凭证: the voucher row, named in the audit by its type and file. */
async function addVoucher({ trx, row, input, caller, now }: EffectContext) {
  const values = { applyId: row.id, ...input, uploaderType: caller.user.adminType, createdAt: now };
  const [{ id }] = await insertChunked(trx, 'invoice_voucher', [values], ['id']);
  return { answer: { id }, changes: { voucher: { from: null, to: `${enumLabel(ENUMS.voucherType, input.voucherType)}：${fileName(input.file)}` } } };
}

/** 添加发票 / 修改发票: the invoice's columns, its amounts agreeing (a positive total, tax within it). */
function invoiceFileColumns({ total, tax, ...input }: Row, now: number): Row {
  if (!(Number(total) > 0)) refuse(Code.VALIDATION, '价税合计格式错误');
  if (Number(tax) > Number(total)) refuse(Code.VALIDATION, '税额格式错误');
  return { ...input, totalFen: total, taxFen: tax, updatedAt: now };
}

async function addInvoiceFile({ trx, row, input, now }: EffectContext) {
  const values = { applyId: row.id, ...invoiceFileColumns(input, now), status: 0, createdAt: now };
  const [{ id }] = await insertChunked(trx, 'invoice_file', [values], ['id']);
  return { answer: { id } };
}

/** 修改发票 touches a valid (status 0) invoice only. */
async function updateInvoiceFile({ trx, child, input, now }: EffectContext) {
  const moved = await updateIn(trx, 'invoice_file', invoiceFileColumns(input, now), { id: [child!.id], status: 0 }, ['id']);
  if (!moved.length) refuse(Code.CONFLICT, STALE_MESSAGE);
  return { answer: true };
}

/** 删除发票 and 删除凭证 remove the child record (commandRefs `removes`); the trail names an invoice by its id, a voucher by its file. */
const deleteInvoiceFile = async ({ child }: EffectContext) => ({ changes: { invoiceNo: { from: null, to: String(child!.id) } } });
const deleteVoucher = async ({ child }: EffectContext) => ({ changes: { voucher: { from: fileName(child!.file), to: null } } });

/** 申请记录 (the enterprise's direction). */
export const myEffects: Effects = { inviVoucherCreate: addVoucher };

/** 开出记录 (the supplier's direction). */
export const toMeEffects: Effects = {
  // Passing needs the enterprise's work-completion voucher.
  reviewPass: async ({ trx, row }) => {
    const work = whereEach(trx.selectFrom('invoice_voucher').select('id'), { applyId: row.id, voucherType: 20 });
    if (!(await work.executeTakeFirst())) refuse(Code.CONFLICT, INVOICE_APPLY_MESSAGES.needWorkVoucher);
  },
  // Issuing needs files adding up to the total (and the express of a paper invoice); its time is the command's stamp.
  issue: async ({ trx, row }) => {
    const refusal = issueRefusal(row, await whereEach(trx.selectFrom('invoice_file').select(['totalFen', 'status']), { applyId: row.id }).execute());
    if (refusal) refuse(Code.CONFLICT, refusal);
  },
  inviVoucherCreate: addVoucher,
  inviVoucherDelete: deleteVoucher,
  inviFileCreate: addInvoiceFile,
  inviFileUpdate: updateInvoiceFile,
  inviFileDelete: deleteInvoiceFile,
};
