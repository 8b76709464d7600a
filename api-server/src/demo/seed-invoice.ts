/**
 * Demo invoicing (DOMAIN.md §5, §12): every enterprise but the newest has its invoice information
 * (one asking for 专票 with every field), and both suppliers have invoice items with real tax codes.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { applicationAmounts, formatFen } from '@flexpay/shared-utility/src/pure';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { demoPdf } from './seed-supplier';

const DAY_MS = 24 * 3600_000;

/** Bank, phone and address per enterprise code; the title is the enterprise's name, the tax number its credit code when it has one. */
const INFO: Record<string, { taxNo: string; kind: number; medium: number; address: string; phone: string; bank: string; account: string; mail: string; email: string }> = {
  ENT0001: { taxNo: '91110105MA01XK7R2L', kind: 1, medium: 0, address: '北京市朝阳区建国路88号SOHO现代城A座1206', phone: '010-85801234', bank: '中国银行北京朝阳支行', account: '110060123456789012', mail: '北京市朝阳区建国路88号SOHO现代城A座1206 孙立新 13601000005', email: 'finance@xingchen-logistics.example.com' },
  ENT0002: { taxNo: '91440300MA5G3T8Q6B', kind: 2, medium: 1, address: '深圳市南山区科技园南区R2-B栋5楼', phone: '0755-26781234', bank: '招商银行深圳科技园支行', account: '755912345610802', mail: '', email: 'invoice@lanhai-ec.example.com' },
  ENT0003: { taxNo: '91510100MA6CQ4W9XH', kind: 4, medium: 1, address: '成都市高新区天府大道北段1700号', phone: '028-85123456', bank: '中国银行成都高新支行', account: '510060987654321098', mail: '', email: 'caiwu@bashu-catering.example.com' },
  ENT0004: { taxNo: '91320594MA1MFH2K3N', kind: 2, medium: 0, address: '苏州工业园区星湖街328号', phone: '0512-62881234', bank: '中国工商银行苏州工业园区支行', account: '1102020109000123456', mail: '苏州工业园区星湖街328号 财务部', email: '' },
};

const ITEMS: Array<[string, string, string, number]> = [
  ['SPR0001', '*现代服务*人力资源外包服务', '3040802010000000000', 60_000],
  ['SPR0001', '*现代服务*企业管理服务', '3040801000000000000', 60_000],
  ['SPR0001', '*物流辅助服务*装卸搬运服务', '3040405000000000000', 60_000],
  ['SPR0002', '*现代服务*人力资源外包服务', '3040802010000000000', 60_000],
  ['SPR0002', '*生活服务*餐饮服务', '3070401000000000000', 60_000],
];

export async function seedInvoicing(trx: Transaction<Database>, now: number): Promise<void> {
  const ents = await trx.selectFrom('ent').select(['id', 'entCode', 'entName', 'creditCode']).orderBy('id').execute();
  for (const [i, ent] of ents.entries()) {
    const info = INFO[ent.entCode];
    if (!info) continue;
    const at = now - (50 - i * 5) * DAY_MS;
    await trx
      .insertInto('invoice_info')
      .values({ entId: ent.id, title: ent.entName, taxNo: ent.creditCode ?? info.taxNo, invoiceKind: info.kind, medium: info.medium, address: info.address, phone: info.phone, bankName: info.bank, bankAccount: info.account, mailAddress: info.mail || null, email: info.email || null, createdAt: at, updatedAt: at })
      .execute();
  }
  const suppliers = new Map((await trx.selectFrom('mercht').select(['id', 'merchtCode']).where('merchtType', '>=', 100).execute()).map((s) => [s.merchtCode, s.id]));
  for (const [i, [code, itemName, taxCode, taxRate]] of ITEMS.entries()) {
    const at = now - (70 - i * 3) * DAY_MS;
    await trx.insertInto('invoice_item').values({ supplierId: suppliers.get(code)!, itemName, taxCode, taxRate, remark: null, createdAt: at, updatedAt: at }).execute();
  }
}

const HOUR_MS = 3600_000;

/** A demo upload stored under the data directory (when given) and registered as the platform's. */
async function demoUpload(trx: Transaction<Database>, ctx: { uploads?: string; uploaderId: number }, storedAs: string, name: string, content: Buffer, at: number): Promise<string> {
  if (ctx.uploads) {
    fs.mkdirSync(ctx.uploads, { recursive: true, mode: 0o700 });
    fs.writeFileSync(path.join(ctx.uploads, storedAs), content, { mode: 0o600 });
  }
  const fileMd5 = crypto.createHash('md5').update(content).digest('hex');
  const row = await trx.insertInto('upload_file').values({ userId: ctx.uploaderId, name, fileMd5, size: content.length, storedAs, createdAt: at }).returning('id').executeTakeFirstOrThrow();
  return JSON.stringify({ url: `/api/admin/file/download?id=${row.id}`, fileMd5, name });
}

const REASONS: Record<number, string> = { 22: '缺少项目验收材料，请补充后重新申请', 32: '税控盘故障，本次开票失败，请重新申请', 40: '发票抬头有误，已作废并重开' };

/**
 * Demo applications (DOMAIN.md §5, §12), replacing seed.ts's placeholder rows: per enterprise its
 * finished orders (62/162 with ledger deductions, found by status, never by number) are covered by
 * applications in turn — a discarded one re-applied and issued, an approved one, a pending one — while
 * the newest two stay free for a new application; free (type 90) applications put every enterprise's
 * list in every state. Runs after the order and ledger seeds.
 */
export async function seedInvoiceApplications(trx: Transaction<Database>, ctx: { now: number; uploaderId: number; uploads?: string }): Promise<void> {
  const { now } = ctx;
  await trx.deleteFrom('invoice_apply').execute();
  const ents = await trx.selectFrom('ent').innerJoin('invoice_info as i', 'i.entId', 'ent.id').select(['ent.id', 'ent.entCode', 'ent.supplierId', 'i.title', 'i.taxNo', 'i.invoiceKind', 'i.medium', 'i.address', 'i.phone', 'i.bankName', 'i.bankAccount', 'i.mailAddress', 'i.email']).orderBy('ent.id').execute();
  let serial = 0;
  let fileSerial = 0;
  for (const [e, ent] of ents.entries()) {
    const item = await trx.selectFrom('invoice_item').select(['id', 'taxRate']).where('supplierId', '=', ent.supplierId).orderBy('id').executeTakeFirst();
    if (!item) continue;
    const orders = await trx
      .selectFrom('pay_order as o')
      .innerJoin('balance_log as l', (j) => j.onRef('l.bizNo', '=', 'o.orderNo').on('l.bizType', '=', 20).on('l.type', '=', 3))
      .select((eb) => ['o.orderNo', 'o.createdAt', eb.fn.sum<number>('l.amountFen').as('paid')])
      .where('o.entId', '=', ent.id)
      .where('o.status', 'in', [62, 162])
      .groupBy(['o.orderNo', 'o.createdAt'])
      .orderBy('o.createdAt')
      .execute();
    const kind = ent.invoiceKind === 4 ? 2 : ent.invoiceKind;

    const apply = async (status: number, applyType: number, covered: Array<{ orderNo: string; paid: number }>, freeFen: number, at: number) => {
      serial += 1;
      const totalFen = applyType === 90 ? freeFen : covered.reduce((s, o) => s + Number(o.paid), 0);
      const { taxFen, exclFen } = applicationAmounts([totalFen], item.taxRate);
      const paper = ent.medium === 0;
      const expressed = paper && (status === 30 || status === 40);
      const row = await trx
        .insertInto('invoice_apply')
        .values({
          applyNo: `IA${String(serial).padStart(8, '0')}`,
          applyType,
          entId: ent.id,
          supplierId: ent.supplierId,
          itemId: item.id,
          invoiceKind: kind,
          medium: ent.medium,
          amountFen: totalFen,
          taxRate: item.taxRate,
          taxFen,
          exclFen,
          orderCount: covered.length,
          title: ent.title,
          taxNo: ent.taxNo,
          address: ent.address,
          phone: ent.phone,
          bankName: ent.bankName,
          bankAccount: ent.bankAccount,
          mailAddress: ent.mailAddress,
          email: ent.email,
          remark: applyType === 90 ? '线下服务费补开发票' : null,
          status,
          reason: REASONS[status] ?? null,
          expressCompany: expressed ? 'SF' : null,
          expressNo: expressed ? `SF14${String(90_000_000 + serial * 7919)}` : null,
          issuedAt: status === 30 || status === 40 ? at + 26 * HOUR_MS : null,
          createdAt: at,
          updatedAt: at + (status === 10 ? 0 : 30 * HOUR_MS),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const live = status === 10 || status === 20 || status === 30;
      for (const o of covered) await trx.insertInto('invoice_apply_order').values({ applyId: row.id, orderNo: o.orderNo, amountFen: Number(o.paid), liveOrderNo: live ? o.orderNo : null, createdAt: at }).execute();
      const applyNo = `IA${String(serial).padStart(8, '0')}`;
      if (status !== 50) {
        const payment = await demoUpload(trx, ctx, `demo-invoice-payment-${serial}.pdf`, `付款凭证_${applyNo}.pdf`, demoPdf(`Payment voucher ${applyNo}`), at);
        await trx.insertInto('invoice_voucher').values({ applyId: row.id, voucherType: 10, file: payment, uploaderType: 40, createdAt: at }).execute();
      }
      if (status !== 10 && status !== 50) {
        const work = await demoUpload(trx, ctx, `demo-invoice-work-${serial}.pdf`, `工作完成证明_${applyNo}.pdf`, demoPdf(`Work completion ${applyNo}`), at + HOUR_MS);
        await trx.insertInto('invoice_voucher').values({ applyId: row.id, voucherType: 20, file: work, uploaderType: 40, createdAt: at + HOUR_MS }).execute();
      }
      if (status === 30 || status === 40) {
        fileSerial += 1;
        const invoiceNo = `2611${String(20_000_000 + fileSerial * 104_729).padStart(16, '0')}`;
        const date = new Date(at + 26 * HOUR_MS + 8 * HOUR_MS).toISOString().slice(0, 10);
        const total = formatFen(totalFen);
        const marks = `InvoiceNo: ${invoiceNo} Date: ${date} Total: ${total} Tax: ${formatFen(taxFen)}`;
        const file = await demoUpload(trx, ctx, `demo-invoice-${fileSerial}.pdf`, `电子发票_${invoiceNo}.pdf`, demoPdf(marks), at + 26 * HOUR_MS);
        await trx.insertInto('invoice_file').values({ applyId: row.id, invoiceNo, invoiceCode: null, invoiceDate: date, totalFen, taxFen, file, status: status === 40 ? 10 : 0, createdAt: at + 26 * HOUR_MS, updatedAt: at + 26 * HOUR_MS }).execute();
      }
    };

    // Orders: the newest two stay free; the others in turn: discarded then re-applied and issued, approved, pending.
    const covered = orders.slice(0, Math.max(orders.length - 2, 0));
    for (const [i, o] of covered.entries()) {
      const at = Number(o.createdAt) + 2 * DAY_MS;
      const step = i % 3;
      if (step === 0) {
        await apply(40, 10, [o], 0, at);
        await apply(30, 10, [o], 0, at + 3 * DAY_MS);
      } else await apply(step === 1 ? 20 : 10, 10, [o], 0, at);
    }
    // Free applications: every state on every enterprise's list, amounts like a month's service fees.
    const states = [10, 20, 22, 30, 32, 40, 50];
    for (const [i, status] of states.entries()) await apply(status, 90, [], 1_200_000 + ((e * 7 + i) % 9) * 583_317, Math.floor((now - (40 - i * 5 - e) * DAY_MS) / HOUR_MS) * HOUR_MS);
  }
}
