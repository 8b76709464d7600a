import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { isValidResidentId } from '@flexpay/shared-utility/src/pure';
import { checkLedger } from '@flexpay/shared-utility/src/pure/rules/server';
import { type DialectName, openPostgres, openSqlite } from '../src/db/connect';
import { migrate } from '../src/db/migrations';
import type { Database } from '../src/db/schema';
import { type BulkTarget, postgresTarget, seedLarge, sqliteTarget } from '../src/demo/seed-large';
import { seedDemo } from '../src/demo/seed';
import { ledgerRows } from '../src/domain/ent/ledger';
import { DIALECTS } from './support/app';

const OPTIONS = { orders: 400, enterprises: 8, talents: 160, linesPerOrder: 4, now: Date.UTC(2026, 10, 24, 4) };

interface Opened {
  db: Kysely<Database>;
  target: BulkTarget;
  close(): Promise<void>;
}

/** A fresh migrated demo database and the bulk target seed:large would use on it. */
async function open(dialect: DialectName): Promise<Opened> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flexpay-large-'));
  if (dialect === 'sqlite') {
    const file = path.join(dir, 'flexpay.db');
    const { db } = openSqlite(file);
    await migrate(db, dialect);
    await seedDemo(db, OPTIONS.now, path.join(dir, 'uploads'));
    const raw = new SQLite(file);
    return { db, target: sqliteTarget(raw), close: async () => { raw.close(); await db.destroy(); fs.rmSync(dir, { recursive: true, force: true }); } };
  }
  const admin = new pg.Client({ connectionString: process.env.FLEXPAY_TEST_PG_URL });
  await admin.connect();
  const name = `large_${crypto.randomBytes(5).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.FLEXPAY_TEST_PG_URL as string);
  url.pathname = `/${name}`;
  const { db } = openPostgres(url.toString());
  await migrate(db, dialect);
  await seedDemo(db, OPTIONS.now, path.join(dir, 'uploads'));
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  return {
    db,
    target: postgresTarget(() => pool.connect()),
    close: async () => {
      await pool.end();
      await db.destroy();
      await admin.query(`DROP DATABASE ${name}`);
      await admin.end();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe.each(DIALECTS)('seed:large on %s', (dialect) => {
  let o: Opened;
  let reports: Array<{ table: string; rows: number }>;
  beforeAll(async () => {
    o = await open(dialect);
    reports = await seedLarge(o.db, o.target, OPTIONS);
  }, 60_000);
  afterAll(async () => o.close());

  test('writes the asked volume: enterprises, talents with cooperation and cards, orders and their lines', async () => {
    const rows = Object.fromEntries(reports.map((r) => [r.table, r.rows]));
    expect(rows).toMatchObject({ ent: 8, cust: 160, cust_coop_ent: 160, cust_coop_sup: 160, cust_card: 160, pay_order: 400, ent_account: 8 });
    // 1 … 7 lines per order, 4 on average.
    expect(rows.order_detail).toBeGreaterThan(400 * 3);
    expect(rows.order_detail).toBeLessThan(400 * 5);
    const talents = await o.db.selectFrom('cust').select('idNumber').where('custCode', 'like', 'LC%').execute();
    expect(talents.every((t) => isValidResidentId(t.idNumber))).toBe(true);
    // Ids were given explicitly; the next ordinary insert still gets a fresh one.
    const ent = await o.db.selectFrom('ent').select(['merchtId', 'supplierId']).where('entCode', '=', 'LE000001').executeTakeFirstOrThrow();
    const inserted = await o.db.insertInto('ent').values({ entCode: 'AFTER1', entName: '之后新建的企业', ...ent, status: 0, createdAt: 1, updatedAt: 1 }).returning('id').executeTakeFirstOrThrow();
    expect(inserted.id).toBeGreaterThan(0);
  });

  test('every generated account equals its ledger, and each ended order locked exactly what it deducted and unlocked', async () => {
    const accounts = await o.db.selectFrom('ent_account').innerJoin('ent', 'ent.id', 'ent_account.entId').select(['ent_account.entId', 'availableFen', 'lockedFen']).where('ent.entCode', 'like', 'LE%').execute();
    expect(accounts).toHaveLength(8);
    for (const a of accounts) expect(checkLedger(await ledgerRows(o.db, a.entId, 1), { availableFen: Number(a.availableFen), lockedFen: Number(a.lockedFen) })).toEqual([]);
    const moves = await o.db
      .selectFrom('balance_log')
      .innerJoin('pay_order', 'pay_order.orderNo', 'balance_log.bizNo')
      .select(['pay_order.orderNo', 'pay_order.status', 'balance_log.type', 'balance_log.amountFen'])
      .where('pay_order.orderNo', 'like', 'LG%')
      .where('pay_order.status', 'in', [62, 162, 64, 24])
      .execute();
    const byOrder = new Map<string, number>();
    for (const m of moves) byOrder.set(m.orderNo, (byOrder.get(m.orderNo) ?? 0) + (m.type === 1 ? Number(m.amountFen) : -Number(m.amountFen)));
    expect(byOrder.size).toBeGreaterThan(300);
    expect([...byOrder.values()].every((rest) => rest === 0)).toBe(true);
  });

  test("each line's fee log charge minus reversals equals its final fee: the paid lines' fees", async () => {
    const fees = await o.db.selectFrom('calc_fee_log').select((eb) => eb.fn.sum<number>('entFeeFen').as('fee')).where('orderNo', 'like', 'LG%').executeTakeFirstOrThrow();
    const paid = await o.db.selectFrom('order_detail').select((eb) => eb.fn.sum<number>('feeFen').as('fee')).where('orderNo', 'like', 'LG%').where('status', 'in', [20, 10, 0]).where('orderNo', 'not in', o.db.selectFrom('pay_order').select('orderNo').where('status', 'in', [0, 10, 12])).executeTakeFirstOrThrow();
    expect(Number(fees.fee)).toBe(Number(paid.fee));
  });
});
