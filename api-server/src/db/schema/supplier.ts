import type { Generated } from 'kysely';

/** Tables of the 供应商管理 area (migration migrations/0004-supplier.ts). Money in fen, ratios percent × 10⁴. */
interface Stamped {
  createdAt: number;
  updatedAt: number;
}

export interface TaxSourceTable extends Stamped {
  id: Generated<number>;
  tsCode: string;
  name: string;
  province: string;
  city: string;
  taxAuthority: string | null;
  singleLimitFen: number;
  monthlyLimitFen: number;
  vatRate: number;
  status: number;
  remark: string | null;
}

export interface PayChannelTable extends Stamped {
  channel: number;
  name: string;
  /** MANUAL (channels 0, 99) or SIMBANK (1, 3, 6): DOMAIN.md §1 adapters. */
  adapter: string;
  manualCredit: number;
  dayLimitFen: number | null;
  status: number;
  remark: string | null;
}

export interface SupplierConfigTable extends Stamped {
  id: Generated<number>;
  supplierId: number;
  channel: number;
  configType: number;
  payeeAcctName: string;
  payeeAcct: string;
  payeeBank: string;
  merchantNo: string | null;
  status: number;
}

export interface SupplierSmsConfigTable extends Stamped {
  id: Generated<number>;
  supplierId: number;
  smsType: number;
  signName: string;
  templateCode: string;
  templateText: string;
}

export interface SupplierTaxProofTable extends Stamped {
  id: Generated<number>;
  supplierId: number;
  month: string;
  invoiceNo: string;
  amountFen: number;
  /** JSON {url, fileMd5, name}. */
  file: string;
  remark: string | null;
}

export interface DistributorConfigTable extends Stamped {
  id: Generated<number>;
  supplierId: number;
  upstreamId: number;
  ratio: number;
  remark: string | null;
}

export interface BankConfigTable extends Stamped {
  id: Generated<number>;
  channel: number;
  bankCode: string;
  bankName: string;
  singleLimitFen: number;
  dayLimitFen: number;
  status: number;
}

export interface XkjPlatformTable extends Stamped {
  id: Generated<number>;
  platformCode: string;
  name: string;
  virtualType: number;
  apiUrl: string;
  status: number;
  remark: string | null;
}

export interface TsChannelTable extends Stamped {
  id: Generated<number>;
  supplierId: number;
  platformId: number;
  account: string;
  status: number;
}

export interface SupplierTables {
  tax_source: TaxSourceTable;
  pay_channel: PayChannelTable;
  supplier_config: SupplierConfigTable;
  supplier_sms_config: SupplierSmsConfigTable;
  supplier_tax_proof: SupplierTaxProofTable;
  distributor_config: DistributorConfigTable;
  pay_channel_bank_config: BankConfigTable;
  xkj_platform: XkjPlatformTable;
  supplier_ts_channel: TsChannelTable;
}
