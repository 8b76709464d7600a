/**
 * Read models only the server lists (人才统计 and 税源地统计, an application's vouchers and invoices): declared
 * with the entities, imported by path (`@flexpay/shared-utility/src/pure/entities/read-models`) so the browser's
 * shared-utility bundle does not carry them (≤ 80 KB gzip). Move one to its area's file when a screen needs it.
 */
import { defineEntity } from '../entity';
import { enumLabel, ENUMS } from '../enums';
import { formatFen } from '../money';

/** 人才统计 and 税源地统计: read models of one row per month (Asia/Shanghai) and tax source (api-server supplier/taxsource.ts). */
const taxSourceStats = {
  table: 'tax_source',
  key: 'taxSourceId',
  labelField: 'month',
  codes: { query: 10110 },
  timestamps: false,
  newestBy: 'month',
  fields: {
    month: { label: '月份', type: 'text', input: 'month', search: 'range', sort: true },
    taxSourceId: { label: '税源地', type: 'ref', ref: 'taxSource', show: 'taxSourceName', search: 'eq', sort: true },
    entCount: { label: '企业数', type: 'int' },
  },
} as const;

/** Talents that joined the suppliers of a tax source (their cooperation rows), once per tax source and month. */
export const taxSourceCustStats = defineEntity({
  ...taxSourceStats,
  name: 'taxSourceCustStats',
  title: '人才统计',
  paths: { query: 'taxSource/query/custStats', mgr: 'taxSource/mgr' },
  fields: { ...taxSourceStats.fields, custCount: { label: '人才数', type: 'int' } },
});

/** The payouts (orders finished 62/162) of the suppliers of a tax source. */
export const taxSourceOrderStats = defineEntity({
  ...taxSourceStats,
  name: 'taxSourceOrderStats',
  title: '税源地统计',
  paths: { query: 'taxSource/query/tsStats', mgr: 'taxSource/mgr' },
  fields: {
    ...taxSourceStats.fields,
    orderCount: { label: '订单数', type: 'int' },
    amount: { label: '代发金额(元)', type: 'money', column: 'amountFen' },
    fee: { label: '服务费(元)', type: 'money', column: 'feeFen' },
  },
});

/**
 * An application's vouchers (上传凭证) and invoices (添加发票), listed and served through the application's
 * scope in the caller's direction (spec §7 inviVouchers, inviFileList and their files); the application's
 * child commands add, edit and remove them.
 */
export const invoiceVoucher = defineEntity({
  name: 'invoiceVoucher',
  table: 'invoice_voucher',
  key: 'id',
  labelField: 'voucherType',
  title: '凭证',
  paths: { query: 'invoice/act/query/toMe', mgr: 'invoice/act/mgr/toMe' },
  codes: { query: 27210 },
  derive: (row) => ({ voucherTypeName: enumLabel(ENUMS.voucherType, row.voucherType, '') }),
  fields: {
    id: { label: 'ID', type: 'int' },
    applyId: { label: '开票申请', type: 'int' },
    voucherType: { label: '凭证类型', type: 'enum', enum: 'voucherType' },
    voucherTypeName: { label: '凭证类型', type: 'text', virtual: true },
    file: { label: '凭证文件', type: 'file' },
    uploaderType: { label: '上传方', type: 'int' },
    createdAt: { label: '上传时间', type: 'datetime' },
  },
});

export const invoiceFile = defineEntity({
  name: 'invoiceFile',
  table: 'invoice_file',
  key: 'id',
  labelField: 'invoiceNo',
  title: '发票',
  paths: { query: 'invoice/act/query/toMe', mgr: 'invoice/act/mgr/toMe' },
  codes: { query: 27210 },
  derive: (row) => ({ exclAmount: formatFen(Number(row.totalFen) - Number(row.taxFen)) }),
  fields: {
    id: { label: 'ID', type: 'int' },
    applyId: { label: '开票申请', type: 'int' },
    invoiceNo: { label: '发票号码', type: 'text' },
    invoiceCode: { label: '发票代码', type: 'text' },
    invoiceDate: { label: '开票日期', type: 'date' },
    total: { label: '价税合计(元)', type: 'money', column: 'totalFen' },
    tax: { label: '税额(元)', type: 'money', column: 'taxFen' },
    exclAmount: { label: '不含税金额(元)', type: 'money', virtual: true },
    file: { label: '发票文件', type: 'file' },
    status: { label: '状态', type: 'enum', enum: 'invoiceFileStatus' },
    createdAt: { label: '上传时间', type: 'datetime' },
  },
});

/** 申请开票's orders to choose from (applyOptions): an enterprise's finished orders in no live application, with what it paid for each. */
export const invoiceableOrder = defineEntity({
  name: 'invoiceableOrder',
  table: 'pay_order',
  key: 'orderNo',
  labelField: 'orderNo',
  title: '可开票订单',
  paths: { query: 'invoice/act/query/my', mgr: 'invoice/act/mgr/my' },
  codes: { query: 27110 },
  fields: {
    orderNo: { label: '订单编号', type: 'text' },
    status: { label: '状态', type: 'enum', enum: 'orderStatus' },
    amount: { label: '代发金额(元)', type: 'money', column: 'amountFen' },
    fee: { label: '服务费(元)', type: 'money', column: 'feeFen' },
    paid: { label: '实付金额(元)', type: 'money', column: 'paidFen' },
    detailCount: { label: '明细数', type: 'int' },
    createdAt: { label: '创建时间', type: 'datetime' },
  },
});
