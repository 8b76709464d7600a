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

export interface InvoiceTables {
  invoice_info: InvoiceInfoTable;
  invoice_item: InvoiceItemTable;
}
