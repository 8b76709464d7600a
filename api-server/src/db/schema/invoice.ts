import type { Generated } from 'kysely';

/** 开票信息 and 开票项目 (migration migrations/0020-invoice-info.ts). */
export interface InvoiceInfoTable {
  entId: number;
  title: string;
  taxNo: string;
  /** 1 special VAT, 2 ordinary VAT, 4 either. */
  invoiceKind: number;
  /** 0 paper, 1 electronic. */
  medium: number;
  address: string | null;
  phone: string | null;
  bankName: string | null;
  bankAccount: string | null;
  mailAddress: string | null;
  email: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface InvoiceItemTable {
  id: Generated<number>;
  supplierId: number;
  itemName: string;
  taxCode: string;
  /** Percent × 10⁴ ("6.0000" = 60000). */
  taxRate: number;
  remark: string | null;
  createdAt: number;
  updatedAt: number;
}

/** An application's orders (migration 0024): liveOrderNo = orderNo while the application is live, else NULL (unique). */
export interface InvoiceApplyOrderTable {
  id: Generated<number>;
  applyId: number;
  orderNo: string;
  /** What the enterprise paid for the order: its ledger deductions. */
  amountFen: number;
  liveOrderNo: string | null;
  createdAt: number;
}

/** 10 payment, 20 work completion; file is the upload's JSON {url, fileMd5, name}. */
export interface InvoiceVoucherTable {
  id: Generated<number>;
  applyId: number;
  voucherType: number;
  file: string;
  /** AdminType of the uploader (40 ENT adds in 10; 20 SPR and 1 SYS add and delete). */
  uploaderType: number;
  createdAt: number;
}

/** An issued invoice of an application: 0 normal, 10 discarded. */
export interface InvoiceFileTable {
  id: Generated<number>;
  applyId: number;
  invoiceNo: string;
  invoiceCode: string | null;
  /** yyyy-MM-dd */
  invoiceDate: string;
  /** 价税合计 and 税额 in fen. */
  totalFen: number;
  taxFen: number;
  file: string;
  status: number;
  createdAt: number;
  updatedAt: number;
}

/** Columns migration 0024 adds to invoice_apply (schema.ts InvoiceApplyTable keeps the original ones). */
export interface InvoiceApplyColumns {
  /** 10 enterprise to supplier, 90 other (free amount, no orders). */
  applyType: Generated<number>;
  itemId: number | null;
  taxRate: Generated<number>;
  taxFen: Generated<number>;
  exclFen: Generated<number>;
  orderCount: Generated<number>;
  medium: Generated<number>;
  title: string | null;
  taxNo: string | null;
  address: string | null;
  phone: string | null;
  bankName: string | null;
  bankAccount: string | null;
  mailAddress: string | null;
  email: string | null;
  remark: string | null;
  reason: string | null;
  expressCompany: string | null;
  expressNo: string | null;
  issuedAt: number | null;
}

export interface InvoiceTables {
  invoice_info: InvoiceInfoTable;
  invoice_item: InvoiceItemTable;
  invoice_apply_order: InvoiceApplyOrderTable;
  invoice_voucher: InvoiceVoucherTable;
  invoice_file: InvoiceFileTable;
}
