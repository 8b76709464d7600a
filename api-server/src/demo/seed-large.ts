/**
 * Large-volume data for scale work (issue 13): enterprises, talents with their cooperation rows and
 * cards, payout orders with their lines, fee-log rows and ledger rows, on top of a migrated demo
 * database. Everything derives from a seeded generator, so each table is written in its own pass
 * (foreign keys hold table by table) and a pass recomputes what it needs instead of holding millions
 * of rows in memory. PostgreSQL receives each pass through COPY; SQLite through one prepared INSERT in
 * large transactions. Balances equal their ledger: each account's rows run in time order.
 */
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { Database as SqliteDatabase } from 'better-sqlite3';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { residentIdCheckDigit } from '@flexpay/shared-utility/src/pure';
import type { DialectName } from '../db/connect';
import type { Database } from '../db/schema';
import { formatDateTime } from '../util/time';

export interface LargeOptions {
  orders: number;
  enterprises: number;
  talents: number;
  /** Lines per order on average (1 … 2×avg−1). */
  linesPerOrder: number;
  now: number;
}

export const LARGE_DEFAULTS: Omit<LargeOptions, 'now'> = { orders: 1_000_000, enterprises: 2_000, talents: 200_000, linesPerOrder: 5 };

/** Where the rows go: PostgreSQL COPY or SQLite prepared inserts. */
export interface BulkTarget {
  dialect: DialectName;
  write(table: string, columns: readonly string[], rows: Iterable<unknown[]>): Promise<number>;
}

const DAY_MS = 86_400_000;
const CHANNEL = 1;
const FEE_PER_MILLE = 65;
const SUPPLIER_PER_MILLE = 30;

/** mulberry32: a small seeded generator, so a pass can recompute any order. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CITIES = ['上海', '杭州', '苏州', '南京', '深圳', '广州', '成都', '武汉', '西安', '长沙', '合肥', '厦门', '青岛', '天津', '重庆', '宁波'];
const WORDS = ['云帆', '启航', '星河', '蓝海', '博远', '恒信', '嘉禾', '锦程', '瑞丰', '盛达', '同创', '万象', '新锐', '鑫源', '卓越', '众联'];
const TRADES = ['科技', '物流', '餐饮管理', '人力资源', '电子商务', '文化传媒', '家政服务', '信息技术'];
const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';
const GIVEN = '伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华建文辉玲鹏宇浩婷雪琳晨欣怡佳俊凯峰';

export const largeEntName = (i: number) => `${CITIES[i % 16]}${WORDS[Math.floor(i / 16) % 16]}${TRADES[Math.floor(i / 256) % 8]}有限公司（${String(i + 1).padStart(4, '0')}）`;

function talentName(i: number): string {
  const r = random(i * 7 + 3);
  const given = GIVEN[Math.floor(r() * GIVEN.length)] + (r() < 0.6 ? GIVEN[Math.floor(r() * GIVEN.length)] : '');
  return SURNAMES[i % SURNAMES.length] + given;
}

/** A valid resident ID (GB 11643) unique per index: region 3101xx, a birth date, a sequence, the check digit. */
export function largeIdNumber(i: number): string {
  const region = `3101${String(10 + (i % 90)).padStart(2, '0')}`;
  const day = new Date(Date.UTC(1970, 0, 1) + (i % 12_000) * DAY_MS);
  const birth = `${day.getUTCFullYear()}${String(day.getUTCMonth() + 1).padStart(2, '0')}${String(day.getUTCDate()).padStart(2, '0')}`;
  const body = `${region}${birth}${String(Math.floor(i / 12_000) % 1000).padStart(3, '0')}`;
  return body + residentIdCheckDigit(body);
}

interface Org {
  merchtId: number;
  supplierId: number;
  parentMerchtId: number | null;
}

interface Line {
  rowNo: number;
  custIndex: number;
  amountFen: number;
  feeFen: number;
  lockFen: number;
  status: number;
  supIncomeFen: number;
}

interface Order {
  id: number;
  orderNo: string;
  entIndex: number;
  status: number;
  createdAt: number;
  lines: Line[];
}

/** Order statuses by weight: mostly paid, some mixed and failed, a few in flight or stopped. */
const STATUS_WEIGHTS: Array<[number, number]> = [
  [62, 0.86],
  [162, 0.06],
  [64, 0.03],
  [24, 0.02],
  [12, 0.01],
  [60, 0.01],
  [20, 0.01],
];

function pickStatus(x: number): number {
  let sum = 0;
  for (const [status, weight] of STATUS_WEIGHTS) {
    sum += weight;
    if (x < sum) return status;
  }
  return 62;
}

/** The plan every pass shares: ids, numbers and how orders spread over enterprises and time. */
export class LargePlan {
  readonly perEnt: number;
  constructor(
    readonly options: LargeOptions,
    readonly base: { entId: number; custId: number; orderId: number; detailId: number },
    readonly orgs: Org[],
  ) {
    this.perEnt = Math.ceil(options.orders / options.enterprises);
  }

  entId = (e: number) => this.base.entId + e;
  custId = (c: number) => this.base.custId + c;
  org = (e: number) => this.orgs[e % this.orgs.length];
  /** Talents of an enterprise: those whose index ≡ e (mod enterprises). */
  talentOf = (e: number, k: number) => e + this.options.enterprises * (k % Math.max(1, Math.floor(this.options.talents / this.options.enterprises)));

  /** Orders of enterprise e in time order (the ledger runs per account in that order). */
  *ordersOf(e: number): Generator<Order> {
    const first = e * this.perEnt;
    const last = Math.min(this.options.orders, first + this.perEnt);
    const span = 365 * DAY_MS;
    for (let o = first; o < last; o += 1) {
      const r = random(o + 1);
      const status = pickStatus(r());
      const createdAt = this.options.now - span + Math.floor(((o - first + r()) / this.perEnt) * (span - DAY_MS));
      const count = 1 + Math.floor(r() * (2 * this.options.linesPerOrder - 1));
      const lines: Line[] = [];
      for (let l = 0; l < count; l += 1) {
        const amountFen = 10_000 + Math.floor(r() * 490_000);
        const feeFen = Math.round((amountFen * FEE_PER_MILLE) / 1000);
        const lineStatus = status === 62 ? 20 : status === 162 ? (l === count - 1 ? 30 : 20) : status === 64 ? 30 : status === 24 || status === 12 ? 50 : status === 60 ? 10 : 0;
        lines.push({ rowNo: l + 1, custIndex: this.talentOf(e, o + l), amountFen, feeFen, lockFen: amountFen + feeFen, status: lineStatus, supIncomeFen: Math.round((amountFen * SUPPLIER_PER_MILLE) / 1000) });
      }
      yield { id: this.base.orderId + o, orderNo: `LG${String(o + 1).padStart(9, '0')}`, entIndex: e, status, createdAt, lines };
    }
  }

  /** Detail ids are reserved per order slot (the most lines an order may have), so any pass can compute them. */
  detailId(order: Order, line: Line): number {
    return this.base.detailId + (order.id - this.base.orderId) * (2 * this.options.linesPerOrder) + line.rowNo - 1;
  }

  *orders(): Generator<Order> {
    for (let e = 0; e < this.options.enterprises; e += 1) yield* this.ordersOf(e);
  }
}

const shanghaiMonth = (ms: number) => (formatDateTime(ms) as string).slice(0, 7);

const sumBy = (lines: Line[], pick: (l: Line) => number, when: (l: Line) => boolean = () => true) => lines.reduce((s, l) => (when(l) ? s + pick(l) : s), 0);

/** Rows of each table, pass by pass. */
export function* entRows(plan: LargePlan): Generator<unknown[]> {
  const { now, enterprises } = plan.options;
  for (let e = 0; e < enterprises; e += 1) {
    const org = plan.org(e);
    yield [plan.entId(e), `LE${String(e + 1).padStart(6, '0')}`, largeEntName(e), org.merchtId, org.supplierId, 0, '联系人', `139${String(10_000_000 + e).slice(-8)}`, now - 400 * DAY_MS, now - 400 * DAY_MS];
  }
}
export const ENT_COLUMNS = ['id', 'entCode', 'entName', 'merchtId', 'supplierId', 'status', 'contactName', 'contactPhone', 'createdAt', 'updatedAt'] as const;

export function* custRows(plan: LargePlan): Generator<unknown[]> {
  const { now, talents, enterprises } = plan.options;
  for (let c = 0; c < talents; c += 1) {
    const e = c % enterprises;
    const at = now - 380 * DAY_MS + (c % 300) * DAY_MS;
    yield [plan.custId(c), `LC${String(c + 1).padStart(8, '0')}`, talentName(c), 111, largeIdNumber(c), `13${String(100_000_000 + c).slice(-9)}`, cardNo(c), plan.entId(e), plan.org(e).supplierId, 10, 20, 0, at, at];
  }
}
export const CUST_COLUMNS = ['id', 'custCode', 'name', 'idType', 'idNumber', 'phone', 'bankCard', 'entId', 'supplierId', 'realNameStatus', 'signStatus', 'status', 'createdAt', 'updatedAt'] as const;

const cardNo = (c: number) => `6222020${String(100_000_000_000 + c).slice(-12)}`;

export function* coopEntRows(plan: LargePlan): Generator<unknown[]> {
  for (let c = 0; c < plan.options.talents; c += 1) yield [plan.custId(c), plan.entId(c % plan.options.enterprises), 0, plan.options.now - 380 * DAY_MS, plan.options.now - 380 * DAY_MS];
}
export const COOP_ENT_COLUMNS = ['custId', 'entId', 'status', 'createdAt', 'updatedAt'] as const;

export function* coopSupRows(plan: LargePlan): Generator<unknown[]> {
  for (let c = 0; c < plan.options.talents; c += 1) {
    const at = plan.options.now - 370 * DAY_MS;
    yield [plan.custId(c), plan.org(c % plan.options.enterprises).supplierId, 0, 1, 20, at, at, 0, at, at];
  }
}
export const COOP_SUP_COLUMNS = ['custId', 'supplierId', 'status', 'signChannel', 'signStatus', 'signStartedAt', 'signedAt', 'taxRegStatus', 'createdAt', 'updatedAt'] as const;

export function* cardRows(plan: LargePlan): Generator<unknown[]> {
  for (let c = 0; c < plan.options.talents; c += 1) yield [plan.custId(c), cardNo(c), '中国工商银行', 'DC', 'C', 0, 1, plan.options.now - 380 * DAY_MS, plan.options.now - 380 * DAY_MS];
}
export const CARD_COLUMNS = ['custId', 'cardNo', 'bankName', 'cardType', 'cardAttr', 'accountCategory', 'validated', 'createdAt', 'updatedAt'] as const;

export function* orderRows(plan: LargePlan): Generator<unknown[]> {
  for (const o of plan.orders()) {
    const org = plan.org(o.entIndex);
    const amount = sumBy(o.lines, (l) => l.amountFen);
    const fee = sumBy(o.lines, (l) => l.feeFen);
    const lock = [0, 10, 12].includes(o.status) ? 0 : sumBy(o.lines, (l) => l.lockFen);
    const success = o.lines.filter((l) => l.status === 20);
    const failed = o.lines.filter((l) => l.status === 30);
    yield [o.id, o.orderNo, plan.entId(o.entIndex), org.supplierId, org.merchtId, o.status, amount, fee, o.lines.length, CHANNEL, lock, sumBy(success, (l) => l.amountFen), sumBy(failed, (l) => l.amountFen), success.length, failed.length, o.createdAt, o.createdAt + 2 * 3_600_000];
  }
}
export const ORDER_COLUMNS = ['id', 'orderNo', 'entId', 'supplierId', 'merchtId', 'status', 'amountFen', 'feeFen', 'detailCount', 'payChannel', 'lockFen', 'successFen', 'failFen', 'successCount', 'failCount', 'createdAt', 'updatedAt'] as const;

export function* detailRows(plan: LargePlan): Generator<unknown[]> {
  for (const o of plan.orders()) {
    const org = plan.org(o.entIndex);
    const month = shanghaiMonth(o.createdAt);
    for (const l of o.lines) {
      const failed = l.status === 30;
      yield [plan.detailId(o, l), o.id, o.orderNo, l.rowNo, `${o.orderNo}-${l.rowNo}`, plan.entId(o.entIndex), org.supplierId, org.merchtId, CHANNEL, plan.custId(l.custIndex), talentName(l.custIndex), 111, largeIdNumber(l.custIndex), cardNo(l.custIndex), l.amountFen, l.feeFen, l.lockFen, l.amountFen, l.status, failed ? '户名与账号不符' : null, month, l.status === 20 || failed ? o.createdAt + 3_600_000 : null, o.createdAt, o.createdAt];
    }
  }
}
export const DETAIL_COLUMNS = ['id', 'orderId', 'orderNo', 'rowNo', 'serialNo', 'entId', 'supplierId', 'merchtId', 'payChannel', 'custId', 'name', 'idType', 'idNumber', 'account', 'amountFen', 'feeFen', 'lockFen', 'payeeFen', 'status', 'reason', 'month', 'resultAt', 'createdAt', 'updatedAt'] as const;

/** A charge per priced line, a reversal (amounts negated) per failed or closed one. */
export function* feeLogRows(plan: LargePlan): Generator<unknown[]> {
  for (const o of plan.orders()) {
    if ([0, 10, 12].includes(o.status)) continue;
    const org = plan.org(o.entIndex);
    const month = shanghaiMonth(o.createdAt);
    for (const l of o.lines) {
      const profit = l.feeFen - l.supIncomeFen;
      const bands = JSON.stringify([{ from: 0, to: null, ratio: FEE_PER_MILLE * 1000, portion: l.amountFen }]);
      const row = (kind: number, sign: number, at: number) => [o.orderNo, plan.detailId(o, l), l.rowNo, kind, plan.entId(o.entIndex), org.supplierId, org.merchtId, org.parentMerchtId, largeIdNumber(l.custIndex), sign * l.amountFen, 0, 0, 0, 0, bands, sign * l.feeFen, sign * l.supIncomeFen, sign * profit, sign * l.supIncomeFen, month, at];
      yield row(10, 1, o.createdAt);
      if (l.status === 30 || l.status === 50) yield row(20, -1, o.createdAt + 3_600_000);
    }
  }
}
export const FEE_LOG_COLUMNS = ['orderNo', 'detailId', 'rowNo', 'kind', 'entId', 'supplierId', 'merchtId', 'parentMerchtId', 'idNumber', 'amountFen', 'pattern', 'calcMode', 'rounding', 'basisBeforeFen', 'bands', 'entFeeFen', 'merchtCostFen', 'merchtProfitFen', 'supIncomeFen', 'month', 'createdAt'] as const;

/** The account state after every enterprise's ledger, for ent_account. */
export interface AccountState {
  availableFen: number;
  lockedFen: number;
}

/**
 * Ledger rows per enterprise in time order: one recharge covering the year, then per order a lock,
 * and when it ended a deduct of the paid lines and an unlock of the rest. `accounts` receives each
 * enterprise's final state.
 */
export function* ledgerRows(plan: LargePlan, accounts: Map<number, AccountState>): Generator<unknown[]> {
  for (let e = 0; e < plan.options.enterprises; e += 1) {
    const entId = plan.entId(e);
    let avail = 0;
    let locked = 0;
    const move = (type: number, amount: number, bizType: number, bizNo: string, at: number): unknown[] => {
      const before = [avail, locked];
      if (type === 0) avail += amount;
      if (type === 1) [avail, locked] = [avail - amount, locked + amount];
      if (type === 2) [avail, locked] = [avail + amount, locked - amount];
      if (type === 3) locked -= amount;
      return [entId, CHANNEL, type, amount, before[0], avail, before[1], locked, bizType, bizNo, '系统', at];
    };
    const orders = [...plan.ordersOf(e)];
    const need = orders.reduce((s, o) => s + sumBy(o.lines, (l) => l.lockFen), 0);
    const start = plan.options.now - 366 * DAY_MS;
    // Moves in time order, as the ledger service writes them under the account's lock: an order's
    // deduct an hour after its lock comes after the locks of the orders placed in that hour (a
    // statement over a date range proves each move against the one before it, 对账单).
    const events: Array<[number, number, number, string, number]> = [];
    for (const o of orders) {
      if ([0, 10, 12].includes(o.status)) continue;
      events.push([1, sumBy(o.lines, (l) => l.lockFen), 20, o.orderNo, o.createdAt + 60_000]);
      const paid = sumBy(o.lines, (l) => l.lockFen, (l) => l.status === 20);
      const returned = sumBy(o.lines, (l) => l.lockFen, (l) => l.status === 30 || l.status === 50);
      const ended = o.createdAt + 3_600_000;
      if (paid > 0) events.push([3, paid, 20, o.orderNo, ended]);
      if (returned > 0) events.push([2, returned, 20, o.orderNo, ended]);
    }
    events.sort((a, b) => a[4] - b[4]);
    yield move(0, need + 10_000_000, 10, `LR${String(e + 1).padStart(8, '0')}`, start);
    for (const [type, amount, bizType, bizNo, at] of events) yield move(type, amount, bizType, bizNo, at);
    accounts.set(entId, { availableFen: avail, lockedFen: locked });
  }
}
export const LEDGER_COLUMNS = ['entId', 'channel', 'type', 'amountFen', 'availBeforeFen', 'availAfterFen', 'lockedBeforeFen', 'lockedAfterFen', 'bizType', 'bizNo', 'operatorName', 'createdAt'] as const;

/** Writes through COPY (PostgreSQL): text format, tab separated, \N for null. */
export function postgresTarget(connect: () => Promise<PoolClient>): BulkTarget {
  const escape = (v: unknown) => (v === null || v === undefined ? '\\N' : String(v).replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n'));
  return {
    dialect: 'postgres',
    async write(table, columns, rows) {
      const client = await connect();
      try {
        const stream = client.query(copyFrom(`COPY ${table} (${columns.map((c) => `"${c}"`).join(', ')}) FROM STDIN`)) as unknown as Writable;
        let count = 0;
        let chunk: string[] = [];
        const flush = async () => {
          if (chunk.length === 0) return;
          const ok = stream.write(chunk.join(''));
          chunk = [];
          if (!ok) await new Promise((resolve) => stream.once('drain', resolve));
        };
        for (const row of rows) {
          chunk.push(`${row.map(escape).join('\t')}\n`);
          count += 1;
          if (chunk.length >= 2_000) await flush();
        }
        await flush();
        stream.end();
        await finished(stream);
        return count;
      } finally {
        client.release();
      }
    },
  };
}

/** Writes through one prepared INSERT per table, 50 000 rows per transaction (SQLite). */
export function sqliteTarget(db: SqliteDatabase): BulkTarget {
  return {
    dialect: 'sqlite',
    async write(table, columns, rows) {
      const insert = db.prepare(`INSERT INTO ${table} (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
      const batch = db.transaction((items: unknown[][]) => {
        for (const item of items) insert.run(item);
      });
      let count = 0;
      let items: unknown[][] = [];
      for (const row of rows) {
        items.push(row);
        count += 1;
        if (items.length >= 50_000) {
          batch(items);
          items = [];
        }
      }
      if (items.length > 0) batch(items);
      return count;
    },
  };
}

/** The next free id of a table (explicit ids let one pass name another's rows). */
async function nextId(db: Kysely<Database>, table: 'ent' | 'cust' | 'pay_order' | 'order_detail'): Promise<number> {
  const row = await sql<{ n: number | null }>`SELECT max(id) AS n FROM ${sql.table(table)}`.execute(db);
  return Number(row.rows[0]?.n ?? 0) + 1;
}

export interface LargeReport {
  table: string;
  rows: number;
  seconds: number;
}

/** Fills the database; answers rows and seconds per table. The demo seed must have run (merchants). */
export async function seedLarge(db: Kysely<Database>, target: BulkTarget, options: LargeOptions, log: (r: LargeReport) => void = () => {}): Promise<LargeReport[]> {
  const merchants = await db
    .selectFrom('mercht')
    .select(['id', 'supplierId', 'parentId'])
    .where('merchtType', '<', 100)
    .where('supplierId', 'is not', null)
    .where('status', '=', 0)
    .orderBy('id')
    .execute();
  if (merchants.length === 0) throw new Error('seed:large needs the demo merchants: start the server once on this database first');
  const orgs = merchants.map((m) => ({ merchtId: m.id, supplierId: m.supplierId as number, parentMerchtId: m.parentId }));
  const plan = new LargePlan(options, { entId: await nextId(db, 'ent'), custId: await nextId(db, 'cust'), orderId: await nextId(db, 'pay_order'), detailId: await nextId(db, 'order_detail') }, orgs);
  const accounts = new Map<number, AccountState>();
  const passes: Array<[string, readonly string[], () => Iterable<unknown[]>]> = [
    ['ent', ENT_COLUMNS, () => entRows(plan)],
    ['cust', CUST_COLUMNS, () => custRows(plan)],
    ['cust_coop_ent', COOP_ENT_COLUMNS, () => coopEntRows(plan)],
    ['cust_coop_sup', COOP_SUP_COLUMNS, () => coopSupRows(plan)],
    ['cust_card', CARD_COLUMNS, () => cardRows(plan)],
    ['pay_order', ORDER_COLUMNS, () => orderRows(plan)],
    ['order_detail', DETAIL_COLUMNS, () => detailRows(plan)],
    ['calc_fee_log', FEE_LOG_COLUMNS, () => feeLogRows(plan)],
    ['balance_log', LEDGER_COLUMNS, () => ledgerRows(plan, accounts)],
  ];
  const reports: LargeReport[] = [];
  for (const [table, columns, rows] of passes) {
    const started = Date.now();
    const count = await target.write(table, columns, rows());
    const report = { table, rows: count, seconds: (Date.now() - started) / 1000 };
    reports.push(report);
    log(report);
  }
  const started = Date.now();
  const accountRows = [...accounts].map(([entId, a]) => [entId, CHANNEL, a.availableFen, a.lockedFen, 0, 0, 0, 0, options.now, options.now]);
  const count = await target.write('ent_account', ['entId', 'channel', 'availableFen', 'lockedFen', 'allowOverdraft', 'overdraftLimitFen', 'version', 'status', 'createdAt', 'updatedAt'], accountRows);
  reports.push({ table: 'ent_account', rows: count, seconds: (Date.now() - started) / 1000 });
  log(reports[reports.length - 1]);
  if (target.dialect === 'postgres') {
    // Explicit ids bypassed the sequences; the next insert must not collide.
    for (const table of ['ent', 'cust', 'pay_order', 'order_detail'] as const) {
      await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), (SELECT max(id) FROM ${sql.table(table)}))`.execute(db);
    }
    // VACUUM as well: rows just copied in are not marked all-visible until a vacuum, so index-only scans
    // (the capped counts of the list screens) would visit the heap until autovacuum comes by, at a moment
    // of its choosing in the middle of a measurement. A table that has lived in production has been vacuumed.
    await sql`VACUUM (ANALYZE)`.execute(db);
  } else {
    await sql`ANALYZE`.execute(db);
  }
  return reports;
}
