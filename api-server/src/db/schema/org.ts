import type { Generated } from 'kysely';

/** Tables of the organisation graph (migration migrations/0006-org.ts). Files are JSON {url, fileMd5, name}. */
export interface EntConfigTable {
  entId: number;
  /** -1 no limits, 0 the tax source's, 1 custom (the two limit columns). */
  limitType: number;
  singleLimitFen: number | null;
  monthlyLimitFen: number | null;
  requireIdPhoto: number;
  requireSign: number;
  requireTaxReg: number;
  orderReview: number;
  tempOrderReview: number;
  createdAt: number;
  updatedAt: number;
}

export interface EntCoopTable {
  id: Generated<number>;
  entId: number;
  supplierId: number;
  /** 0 normal, 1 suspended. */
  coopStatus: number;
  reason: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface EntContractTable {
  id: Generated<number>;
  contractNo: string;
  entId: number;
  /** 0 original, 10 supplement. */
  category: number;
  parentContractNo: string | null;
  /** 10 outer deduction, 20 inner deduction. */
  contractType: number;
  /** yyyy-MM-dd, Asia/Shanghai. */
  startDate: string;
  endDate: string;
  file: string | null;
  /** 0 normal, 1 terminated. */
  status: number;
  remark: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface MerchtContractTable {
  id: Generated<number>;
  contractNo: string;
  merchtId: number;
  /** 50 agent partnership, 90 group cooperation. */
  contractType: number;
  startDate: string;
  endDate: string;
  file: string | null;
  status: number;
  remark: string | null;
  createdAt: number;
  updatedAt: number;
}

/** Enterprise files: logo 0, legal ID front 20, back 21, opening licence 22, licence 23. */
export interface EntFileTable {
  id: Generated<number>;
  entId: number;
  fileType: number;
  file: string;
  createdAt: number;
  updatedAt: number;
}

export interface OrgTables {
  ent_config: EntConfigTable;
  ent_coop: EntCoopTable;
  ent_contract: EntContractTable;
  mercht_contract: MerchtContractTable;
  ent_file: EntFileTable;
}
