import type { Generated } from 'kysely';

/** A talent's cooperation with an enterprise (migration migrations/0022-talent.ts; DOMAIN.md §6). */
export interface CustCoopEntTable {
  id: Generated<number>;
  custId: number;
  entId: number;
  /** 0 cooperating, 1 suspended. */
  status: number;
  remark: string | null;
  createdAt: number;
  updatedAt: number;
}

/** A talent's cooperation with a supplier: signing and tax registration live here. */
export interface CustCoopSupTable {
  id: Generated<number>;
  custId: number;
  supplierId: number;
  /** 0 cooperating, 1 suspended. */
  status: number;
  /** 0 none, 1 paper, 2 e-sign, 6 partner V2. */
  signChannel: number;
  /** 0 not started, 10 signing, 20 success, 30 failed, 40 expired. */
  signStatus: number;
  signStartedAt: number | null;
  signedAt: number | null;
  /** The agreement version the talent signed (签约协议). */
  agreementVersionId: number | null;
  /** 0 unregistered, 10 applying, 20 success, 30 failed, 40 cancelled. */
  taxRegStatus: number;
  taxRegAt: number | null;
  remark: string | null;
  createdAt: number;
  updatedAt: number;
}

/** ID front 0, back 1, bio 2, signature 3 (per supplier), tax real name 20 (per supplier). */
export interface CustFileTable {
  id: Generated<number>;
  custId: number;
  fileType: number;
  supplierId: number | null;
  url: string;
  name: string;
  fileMd5: string;
  createdAt: number;
}

export interface CustCardTable {
  id: Generated<number>;
  custId: number;
  cardNo: string;
  bankName: string | null;
  /** DC, CC, SCC. */
  cardType: string;
  /** C personal, B corporate. */
  cardAttr: string;
  /** 0 bank card, 10 Alipay. */
  accountCategory: number;
  /** 0 unchecked, 1 correct, 2 wrong. */
  validated: number;
  createdAt: number;
  updatedAt: number;
}

/** 银行卡号 (/bankcard/index): the card BIN table naming a card's bank and type. */
export interface BankBinTable {
  id: Generated<number>;
  bin: string;
  bankName: string;
  cardName: string | null;
  cardType: string;
  cardLength: number;
  status: number;
  createdAt: number;
  updatedAt: number;
}

export interface CustImportTable {
  id: Generated<number>;
  importNo: string;
  entId: number;
  supplierId: number;
  fileName: string | null;
  fileUrl: string | null;
  total: number;
  successCount: number;
  failCount: number;
  operatorId: number | null;
  operatorName: string | null;
  createdAt: number;
}

export interface CustImportRowTable {
  id: Generated<number>;
  importId: number;
  rowNo: number;
  name: string | null;
  idNumber: string | null;
  ok: number;
  message: string | null;
  custId: number | null;
}

export interface TalentTables {
  cust_coop_ent: CustCoopEntTable;
  cust_coop_sup: CustCoopSupTable;
  cust_file: CustFileTable;
  cust_card: CustCardTable;
  bank_bin: BankBinTable;
  cust_import: CustImportTable;
  cust_import_row: CustImportRowTable;
}
