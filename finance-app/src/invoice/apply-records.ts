/**
 * 凭证 and 发票 of an application (DOMAIN.md §5) as the kit's rowFiles: the records the application
 * carries, their columns, and their adding by the application's inviVoucherCreate / inviFileCreate
 * commands (who may and in which state is the command's); one declaration per kind and direction.
 */
import { ENUMS, enumLabel, enumTone, formatMoney, invoiceApply, invoiceApplyToMe, type Row } from '@flexpay/shared-utility';
import { rowFiles } from '@flexpay/shared-utility/kit';

export type Direction = 'my' | 'toMe';
const entityOf = (dir: Direction) => (dir === 'my' ? invoiceApply : invoiceApplyToMe);
const SUPPLIER = invoiceApplyToMe.paths.mgr;

const rowTitle = (row: Row) => `${String(row.applyNo ?? '')}${row.entName ? ` · ${String(row.entName)}` : ''}`;
const UPLOADER: Record<number, string> = { 1: '平台', 20: '供应商', 40: '企业' };
const text = (value: unknown) => String(value ?? '');
const fen = (yuan: unknown) => Math.round(Number(yuan ?? 0) * 100);

/** The payment and work-completion vouchers: adding while the application's command allows, deleting for the supplier. */
export const vouchers = (dir: Direction) =>
  rowFiles({
    key: 'vouchers',
    label: '凭证',
    title: (row) => `凭证（${rowTitle(row)}）`,
    list: `${entityOf(dir).paths.query}/inviVouchers`,
    link: { applyId: 'id' },
    file: `${entityOf(dir).paths.query}/inviVoucherFile`,
    columns: [{ title: '凭证类型', value: (v) => text(v.voucherTypeName) }, { title: '文件' }, { title: '上传方', value: (v) => UPLOADER[Number(v.uploaderType)] ?? '-' }, { title: '上传时间', value: (v) => text(v.createdAt) }],
    empty: { title: '暂无凭证', description: () => '审核前需上传工作完成证明' },
    add: {
      entity: entityOf(dir),
      command: 'inviVoucherCreate',
      // The work-completion voucher (20) is preselected.
      fields: [{ name: 'voucherType', label: '凭证类型', options: ENUMS.voucherType, initial: '20', id: 'fp-voucher-type' }],
      file: { label: '凭证文件' },
      submit: '上传凭证',
      done: '凭证已上传',
    },
    remove: { route: `${SUPPLIER}/inviVoucherDelete`, confirm: (v) => `确定删除凭证「${(v.file as { name?: string } | null)?.name ?? ''}」吗？` },
  });

/** The line above the invoices: the application's amount, the valid invoices' total, their mismatch once approved, the express. */
function filesSummary(row: Row, files: Row[]) {
  const normal = files.filter((f) => Number(f.status) === 0).reduce((sum, f) => sum + fen(f.total), 0);
  return [
    { text: '申请金额', value: formatMoney(row.amount), after: '元' },
    { text: '有效发票合计', value: formatMoney((normal / 100).toFixed(2)), after: '元', testId: 'files-total' },
    ...(normal > 0 && normal !== fen(row.amount) && Number(row.status) === 20 ? [{ text: '发票金额合计与申请金额不一致', warn: true }] : []),
    ...(row.expressNo ? [{ text: `快递：${enumLabel(ENUMS.expressCompany, row.expressCompany, text(row.expressCompany))} ${text(row.expressNo)}` }] : []),
  ];
}

const input = (name: string, label: string, placeholder: string) => ({ name, label, placeholder, id: `fp-invoice-${name}` });

/**
 * The application's invoices (and express): the supplier adds, edits and deletes them while the
 * application is approved (开出记录 only); a chosen PDF or image is read by the VAT recognition to fill the form.
 */
export const invoiceFiles = (dir: Direction) =>
  rowFiles({
    key: 'files',
    label: '发票',
    title: (row) => `发票（${rowTitle(row)}）`,
    width: 860,
    list: `${entityOf(dir).paths.query}/inviFileList`,
    link: { applyId: 'id' },
    file: `${entityOf(dir).paths.query}/inviFile`,
    columns: [
      { title: '发票号码', value: (f) => text(f.invoiceNo) },
      { title: '开票日期', value: (f) => text(f.invoiceDate) },
      { title: '价税合计(元)', value: (f) => formatMoney(f.total), numeric: true },
      { title: '税额(元)', value: (f) => formatMoney(f.tax), numeric: true },
      { title: '发票文件' },
      { title: '状态', value: (f) => enumLabel(ENUMS.invoiceFileStatus, f.status, ''), tone: (f) => enumTone(ENUMS.invoiceFileStatus, f.status) },
    ],
    summary: filesSummary,
    empty: { title: '暂无发票', description: (adding) => (adding ? '上传发票文件后系统将自动识别发票信息' : '供应商开票后可在此查看发票') },
    ...(dir === 'toMe' && {
      add: {
        entity: invoiceApplyToMe,
        command: 'inviFileCreate',
        fields: [input('invoiceNo', '发票号码', '8至20位数字'), input('invoiceCode', '发票代码', '全电发票可不填'), input('invoiceDate', '开票日期', 'yyyy-MM-dd'), input('total', '价税合计(元)', '0.00'), input('tax', '税额(元)', '0.00')],
        file: { label: '发票文件', help: '支持 PDF 或图片，上传后自动识别发票号码、日期和金额' },
        open: '添加发票',
        submit: '保存发票',
        done: '发票已保存',
        fill: {
          route: `${SUPPLIER}/ocrVatInvoice`,
          values: (read: Row) => Object.fromEntries(['invoiceNo', 'invoiceCode', 'invoiceDate', 'total', 'tax'].map((name) => [name, text(read[name])])),
          done: '已识别发票信息，请核对',
          reading: '正在识别发票…',
        },
      },
      update: `${SUPPLIER}/inviFileUpdate`,
      remove: { route: `${SUPPLIER}/inviFileDelete`, confirm: (f: Row) => `确定删除发票 ${text(f.invoiceNo)} 吗？` },
    }),
  });
