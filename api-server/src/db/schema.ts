import type { KitTables } from './schema/kit';
import type { SecurityTables } from './schema/security';
import type { SupplierTables } from './schema/supplier';
import type { SystemTables } from './schema/system';
import type { MoneyTables } from './schema/money';
import type { FeeTables } from './schema/fee';
import type { OrgTables } from './schema/org';
import type { ClientTables } from './schema/client';
import type { SharedStateTables } from './schema/shared-state';
import type { InvoiceApplyColumns, InvoiceTables } from './schema/invoice';
import type { PackageColumns, TaskTables } from './schema/task';
import type { TalentTables } from './schema/talent';
import type { OrderTables } from './schema/order';
import type { StatementTables } from './schema/statement';
import type { Generated, Kysely } from 'kysely';

/** Times are epoch milliseconds (bigint columns); money is integer fen (bigint columns). */

export interface MerchtTable {
  id: Generated<number>;
  merchtCode: string;
  name: string;
  /** 0 agent merchant; 100 distributor, 200 virtual supplier, 300 supplier. */
  merchtType: number;
  /** The parent organisation of the same kind: a sub-merchant's merchant, a virtual supplier's 300. */
  parentId: number | null;
  /** Merchants: their supplier (DOMAIN.md §1). */
  supplierId: Generated<number | null>;
  virtualType: Generated<number>;
  status: number;
  contactName: string | null;
  contactPhone: string | null;
  /** Suppliers of type 300: their tax source (DOMAIN.md §1). */
  taxSourceId: number | null;
  creditCode: string | null;
  remark: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface EntTable {
  id: Generated<number>;
  entCode: string;
  entName: string;
  /** The agent merchant the enterprise belongs to. */
  merchtId: number;
  /** The supplier the enterprise cooperates with. */
  supplierId: number;
  status: number;
  contactName: string | null;
  contactPhone: string | null;
  /** A sub-enterprise's parent (same merchant, depth ≤ 2). */
  parentId: number | null;
  creditCode: string | null;
  industry: string | null;
  area: string | null;
  address: string | null;
  remark: string | null;
  /** Quoted fee terms (percent × 10⁴) shown on 编辑企业报价. */
  quoteRatio: number | null;
  quoteRemark: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface AdminUserTable {
  userId: Generated<number>;
  username: string;
  passwordHash: string;
  passwordSalt: string;
  name: string | null;
  phone: string | null;
  wechat: string | null;
  email: string | null;
  sex: number;
  avatar: string | null;
  remark: string | null;
  /** 0 normal, 1 disabled, 30 stopped. */
  status: number;
  /** 1 SYS, 20 SPR, 30 MER, 40 ENT. */
  adminType: number;
  /** Organisation code (merchtCode, entCode, or the platform code). */
  terCode: string;
  /** mercht.id for SPR/MER, ent.id for ENT, null for SYS. */
  orgId: number | null;
  isTopAdmin: number;
  guideStep: number;
  parentUserId: number | null;
  /** 1 until a new organisation's top administrator replaces the initial password. */
  mustChangePassword: Generated<number>;
  createdAt: number;
  updatedAt: number;
}

export interface AdminUserPermTable {
  userId: number;
  code: number;
}

export interface SessionTable {
  token: string;
  apiSecret: string;
  userId: number;
  createdAt: number;
  lastSeenAt: number;
  endedAt: number | null;
  /** logout | password | disabled */
  endReason: string | null;
}

export interface LoginFailureTable {
  id: Generated<number>;
  username: string;
  createdAt: number;
}

export interface CaptchaTable {
  captchaToken: string;
  answer: string;
  createdAt: number;
  usedAt: number | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  operatorId: number | null;
  operatorName: string;
  operatorAccount: string;
  createdAt: number;
  action: string;
  entity: string;
  entityId: string;
  /** JSON object: field → { from, to }. */
  changes: string;
}

export interface CustTable {
  id: Generated<number>;
  custCode: string;
  name: string;
  idType: number;
  idNumber: string;
  phone: string;
  bankCard: string | null;
  /** The enterprise (and its supplier) that first registered the person; scope follows cust_coop_*. */
  entId: number;
  supplierId: number;
  /** 0 none, 10 success, 20 failed; reset to 0 when the name or ID number changes. */
  realNameStatus: number;
  realNameAt: Generated<number | null>;
  remark: Generated<string | null>;
  bankName: Generated<string | null>;
  signStatus: number;
  status: number;
  createdAt: number;
  updatedAt: number;
}

export interface WorkPackageTable extends PackageColumns {
  id: Generated<number>;
  packageCode: string;
  name: string;
  entId: number;
  supplierId: number;
  packageType: number;
  priceType: number;
  priceLowerFen: number | null;
  priceUpperFen: number | null;
  /** Its 任务分类 (migration 0021); null for packages made before categories. */
  categoryId: Generated<number | null>;
  reviewStatus: string;
  pkgStatus: string;
  status: number;
  createdAt: number;
  updatedAt: number;
}

export interface PayOrderTable {
  id: Generated<number>;
  orderNo: string;
  entId: number;
  supplierId: number;
  merchtId: number;
  status: number;
  amountFen: number;
  feeFen: number;
  detailCount: number;
  payChannel: number;
  createdAt: number;
  updatedAt: number;
  /** Issue 10 (migration 0023-order.ts): the money the worker settles and the queue's next run. */
  tempOrderNo: Generated<string | null>;
  calcMode: Generated<number>;
  lockFen: Generated<number>;
  successFen: Generated<number>;
  failFen: Generated<number>;
  successCount: Generated<number>;
  failCount: Generated<number>;
  resubmitCount: Generated<number>;
  channelBatchNo: Generated<string | null>;
  reason: Generated<string | null>;
  remark: Generated<string | null>;
  operatorName: Generated<string | null>;
  nextRunAt: Generated<number>;
}

export interface TempOrderTable {
  id: Generated<number>;
  tempNo: string;
  entId: number;
  supplierId: number;
  status: number;
  amountFen: number;
  detailCount: number;
  createdAt: number;
  updatedAt: number;
  /** Issue 10 (migration 0023-order.ts). */
  payChannel: Generated<number>;
  packageCode: Generated<string | null>;
  needReview: Generated<number>;
  errorCount: Generated<number>;
  reason: Generated<string | null>;
  remark: Generated<string | null>;
  excelFile: Generated<string | null>;
  orderNo: Generated<string | null>;
  operatorName: Generated<string | null>;
  /** Issue 16 (migration 0027-open-payout.ts): the API client and request number that created it. */
  openClientCode: Generated<string | null>;
  openReqNo: Generated<string | null>;
}

export interface InvoiceApplyTable extends InvoiceApplyColumns {
  id: Generated<number>;
  applyNo: string;
  entId: number;
  supplierId: number;
  amountFen: number;
  invoiceKind: number;
  status: number;
  createdAt: number;
  updatedAt: number;
}

export interface NoticeTable {
  id: Generated<number>;
  title: string;
  content: string;
  /** 0 all, 10 merchants, 20 enterprises, 30 suppliers. */
  target: number;
  status: number;
  /** Shown from publishAt until expireAt (epoch ms; null = no bound). */
  publishAt: number | null;
  expireAt: number | null;
  /** The supplier that published it; null for the platform's. */
  publisherId: number | null;
  createdAt: number;
  updatedAt: number;
}

/** Each area declares its own tables in schema/<area>.ts; the database is their union. */
export interface Database extends SecurityTables, KitTables, SupplierTables, SystemTables, OrgTables, MoneyTables, FeeTables, ClientTables, SharedStateTables, InvoiceTables, TaskTables, TalentTables, OrderTables, StatementTables {
  mercht: MerchtTable;
  ent: EntTable;
  admin_user: AdminUserTable;
  admin_user_perm: AdminUserPermTable;
  session: SessionTable;
  login_failure: LoginFailureTable;
  captcha: CaptchaTable;
  audit_log: AuditLogTable;
  cust: CustTable;
  work_package: WorkPackageTable;
  pay_order: PayOrderTable;
  temp_order: TempOrderTable;
  invoice_apply: InvoiceApplyTable;
  notice: NoticeTable;
}

/** A connection or transaction over any schema: the kit's pieces serve every table. */
export type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
