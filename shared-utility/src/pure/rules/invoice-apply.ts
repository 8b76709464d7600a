/**
 * 开票申请 rules (DOMAIN.md §5): which orders an application may cover, its amounts, what issuing
 * needs, and the simulated VAT invoice recognition's reading of a file's text.
 */
import { invoiceAmounts } from './invoice-tax';

export const INVOICE_APPLY_MESSAGES = {
  orderTaken: '所选订单已在开票申请中',
  noOrders: '请选择已完成的代发订单',
  needWorkVoucher: '请先上传工作完成证明',
  totalMismatch: '发票金额合计与申请金额不一致',
  needExpress: '纸质发票请先填写快递信息',
  needInfo: '请先维护开票信息',
  kindNotAllowed: '开票信息不支持该发票种类',
  noItem: '请选择开票项目',
  amountPositive: '开票金额必须大于0',
  ocrFailed: '未能识别发票信息，请手工填写',
  voucherState: '当前状态不允许上传凭证',
} as const;

/** Order states an application may cover: finished (all success) and partly failed. */
export const INVOICEABLE_ORDER_STATUSES: number[] = [62, 162];
/** Application states that hold their orders; any other state has released them. */
export const LIVE_INVOICE_STATUSES = [10, 20, 30] as const;

export const InvoiceStatus = { PENDING: 10, APPROVED: 20, REJECTED: 22, ISSUED: 30, ISSUE_FAILED: 32, DISCARDED: 40, CANCELLED: 50 } as const;

/** Total of the orders (each what the enterprise paid for it) and its VAT at the item's rate. */
export function applicationAmounts(orderFen: readonly number[], taxRate: number): { totalFen: number; taxFen: number; exclFen: number } {
  const totalFen = orderFen.reduce((sum, fen) => sum + fen, 0);
  return { totalFen, ...invoiceAmounts(totalFen, taxRate) };
}

/** Issue needs the normal (status 0) files to add up to the application's total, and a paper invoice (medium 0) its express: the application (amountFen, medium, expressCompany, expressNo) and its files (totalFen, status) as stored. */
export function issueRefusal(app: Readonly<Record<string, unknown>>, files: ReadonlyArray<Readonly<Record<string, unknown>>>): string | null {
  const normal = files.filter((f) => Number(f.status) === 0);
  if (normal.length === 0 || normal.reduce((s, f) => s + Number(f.totalFen), 0) !== Number(app.amountFen)) return INVOICE_APPLY_MESSAGES.totalMismatch;
  if (Number(app.medium) === 0 && !(app.expressCompany && app.expressNo)) return INVOICE_APPLY_MESSAGES.needExpress;
  return null;
}

/** The invoice kinds an enterprise's information allows: 4 takes either. */
export function kindAllowed(infoKind: number, kind: number): boolean {
  return (kind === 1 || kind === 2) && (infoKind === 4 || infoKind === kind);
}

export interface RecognizedInvoice {
  invoiceNo: string;
  invoiceCode: string | null;
  invoiceDate: string;
  /** 价税合计 and 税额 as "1234.56". */
  total: string;
  tax: string;
}

/**
 * What the simulated VAT OCR reads from a file's text: the ASCII marks a printed e-invoice carries
 * in its text layer (`InvoiceNo: 24110000000012345678`, `InvoiceCode:`, `Date: 2026-11-20`,
 * `Total: 1314.81`, `Tax: 74.42`). Null when any of number, date, total or tax is missing.
 */
export function readInvoiceMarks(text: string): RecognizedInvoice | null {
  const mark = (name: string, pattern: string) => new RegExp(`${name}\\s*[:：]\\s*(${pattern})`).exec(text)?.[1] ?? null;
  const invoiceNo = mark('InvoiceNo', '\\d{8,20}');
  const invoiceDate = mark('Date', '\\d{4}-\\d{2}-\\d{2}');
  const total = mark('Total', '\\d{1,12}\\.\\d{2}');
  const tax = mark('Tax', '\\d{1,12}\\.\\d{2}');
  if (!invoiceNo || !invoiceDate || !total || !tax) return null;
  return { invoiceNo, invoiceCode: mark('InvoiceCode', '\\d{10,12}'), invoiceDate, total, tax };
}
