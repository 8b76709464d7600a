/**
 * Invoices (DOMAIN.md §5, spec §2 /invoice): an enterprise's invoice information (one per enterprise,
 * kept by the enterprise, read by its supplier and merchant) and a supplier's invoice items.
 */
import { defineEntity } from '../entity';

const createdAt = { label: '创建时间', type: 'datetime', search: 'range', sort: true, width: 170 } as const;
const optionalText = (label: string, max: number, width: number) => ({ label, type: 'text', max, create: true, update: true, nullable: true, width }) as const;

export const INVOICE_INFO_MESSAGES = {
  specialNeedsAll: '专票需完整开票信息',
} as const;

/** A 专票 (kind 1) needs the address, phone, bank and account too; other kinds only the title and tax number. */
export function invoiceInfoError(info: { invoiceKind?: unknown; address?: unknown; phone?: unknown; bankName?: unknown; bankAccount?: unknown }): string | null {
  if (Number(info.invoiceKind) !== 1) return null;
  const filled = (v: unknown) => typeof v === 'string' && v.trim() !== '';
  return [info.address, info.phone, info.bankName, info.bankAccount].every(filled) ? null : INVOICE_INFO_MESSAGES.specialNeedsAll;
}

export const invoiceInfo = defineEntity({
  name: 'invoiceInfo',
  table: 'invoice_info',
  key: 'entId',
  labelField: 'title',
  title: '开票信息',
  paths: { query: 'invoice/info/query', mgr: 'invoice/info/mgr' },
  codes: { query: 26110, mgr: 26120 },
  fields: {
    entId: { label: '企业', type: 'ref', ref: 'ent', show: 'entName', create: true, search: 'eq', width: 220 },
    title: { label: '发票抬头', type: 'text', required: true, max: 100, create: true, update: true, search: 'like', width: 220 },
    taxNo: {
      label: '纳税人识别号',
      type: 'text',
      required: true,
      max: 20,
      create: true,
      update: true,
      search: 'eq',
      width: 180,
      rule: { rules: [{ kind: 'pattern', pattern: /^[0-9A-Z]{15,20}$/, message: '纳税人识别号应为15至20位数字或大写字母' }] },
    },
    invoiceKind: { label: '发票种类', type: 'enum', enum: 'invoiceKind', required: true, create: true, update: true, search: 'eq', defaultValue: 2, width: 120 },
    medium: { label: '发票介质', type: 'enum', enum: 'invoiceMedium', required: true, create: true, update: true, defaultValue: 1, width: 80 },
    address: { ...optionalText('注册地址', 200, 220), list: false },
    phone: { ...optionalText('注册电话', 20, 130), list: false },
    bankName: optionalText('开户银行', 100, 180),
    bankAccount: { ...optionalText('银行账号', 32, 180), list: false },
    mailAddress: { ...optionalText('邮寄地址', 200, 220), list: false },
    email: { label: '接收邮箱', type: 'text', rule: 'email', max: 100, create: true, update: true, nullable: true, list: false },
    updatedAt: { label: '更新时间', type: 'datetime', sort: true, width: 170 },
  },
});

/** A supplier's invoice items: what its invoices are issued for, with the 19-digit tax classification code. */
export const invoiceItem = defineEntity({
  name: 'invoiceItem',
  table: 'invoice_item',
  key: 'id',
  labelField: 'itemName',
  title: '开票项目',
  paths: { query: 'invoice/item/query', mgr: 'invoice/item/mgr' },
  codes: { query: 26410, mgr: 26510 },
  fields: {
    id: { label: 'ID', type: 'int', list: false, detail: false },
    supplierId: { label: '供应商', type: 'ref', ref: 'supplier', show: 'supplierName', create: true, search: 'eq', width: 220 },
    itemName: { label: '项目名称', type: 'text', required: true, max: 100, create: true, update: true, search: 'like', width: 200 },
    taxCode: {
      label: '税收分类编码',
      type: 'text',
      required: true,
      max: 19,
      create: true,
      update: true,
      search: 'eq',
      width: 190,
      rule: { rules: [{ kind: 'pattern', pattern: /^\d{19}$/, message: '税收分类编码应为19位数字' }] },
    },
    taxRate: { label: '税率(%)', type: 'ratio', required: true, create: true, update: true, width: 90 },
    remark: { label: '备注', type: 'textarea', rule: 'remark', create: true, update: true, nullable: true, list: false },
    createdAt,
  },
});
