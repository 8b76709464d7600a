/**
 * Demo invoicing (DOMAIN.md §5, §12): every enterprise but the newest has its invoice information
 * (one asking for 专票 with every field), and both suppliers have invoice items with real tax codes.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';

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
