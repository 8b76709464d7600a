/** Payout order test helpers (issue 10): good talents, temp orders through the API, the invariants. */
import { formatFen } from '@flexpay/shared-utility/src/pure';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema';
import type { SignedClient } from './client';

export interface Talent {
  name: string;
  idType: number;
  idNumber: string;
  account: string;
}

/** Talents of an enterprise passing every gate of DOMAIN.md §4 (real name, ID photos, cooperation, signed). */
export async function goodTalents(db: Kysely<Database>, entId: number, supplierId: number): Promise<Talent[]> {
  const rows = await db
    .selectFrom('cust as c')
    .innerJoin('cust_coop_ent as ce', (j) => j.onRef('ce.custId', '=', 'c.id').on('ce.entId', '=', entId).on('ce.status', '=', 0))
    .innerJoin('cust_coop_sup as cs', (j) => j.onRef('cs.custId', '=', 'c.id').on('cs.supplierId', '=', supplierId).on('cs.status', '=', 0).on('cs.signStatus', '=', 20))
    .select(['c.id', 'c.name', 'c.idType', 'c.idNumber', 'c.bankCard'])
    .where('c.realNameStatus', '=', 10)
    .where((eb) => eb.exists(eb.selectFrom('cust_file as f0').select('f0.id').whereRef('f0.custId', '=', 'c.id').where('f0.fileType', '=', 0)))
    .where((eb) => eb.exists(eb.selectFrom('cust_file as f1').select('f1.id').whereRef('f1.custId', '=', 'c.id').where('f1.fileType', '=', 1)))
    .orderBy('c.id')
    .execute();
  return rows.map((r) => ({ name: r.name, idType: r.idType, idNumber: r.idNumber, account: r.bankCard ?? '6222020000000000001' }));
}

export const row = (t: Talent, amountYuan: string, over: Partial<Record<string, unknown>> = {}) => ({ name: t.name, idType: String(t.idType), idNumber: t.idNumber, phone: '', account: t.account, bankName: '', amount: amountYuan, remark: '', ...over });

/** The payment code last sent to a phone (SMS type 20 in the outbox). */
export async function lastPayCode(db: Kysely<Database>, phone: string): Promise<string> {
  const sms = await db.selectFrom('sms_outbox').select('content').where('phone', '=', phone).where('smsType', '=', 20).orderBy('id', 'desc').executeTakeFirstOrThrow();
  return /验证码为 (\d{6})/.exec(sms.content)![1];
}

/** A temp order moved to 10 by the given writer (and reviewer when the enterprise asks for review). */
export async function readyTemp(writer: SignedClient, reviewer: SignedClient | null, body: Record<string, unknown>): Promise<number> {
  const created = await writer.post('order/mgr/temp/create', body);
  expect(created.code).toBe(0);
  const id = created.data.id as number;
  const submitted = await writer.post('order/mgr/temp/submit', { id });
  expect(submitted.code).toBe(0);
  if (submitted.data.status === 20) expect((await reviewer!.post('order/mgr/temp/review', { id, pass: true })).code).toBe(0);
  return id;
}

/**
 * DOMAIN.md §3/§4 invariants after orders finished: per order Σlock = Σdeduct + Σunlock; each line's
 * charge minus reversals equals its final fee (its fee when paid, 0 otherwise); every account equals
 * its ledger; returns Σ lock of the success lines per order.
 */
export async function checkInvariants(db: Kysely<Database>, orderNos: string[]): Promise<Map<string, number>> {
  const paid = new Map<string, number>();
  for (const orderNo of orderNos) {
    const order = await db.selectFrom('pay_order').selectAll().where('orderNo', '=', orderNo).executeTakeFirstOrThrow();
    expect([24, 62, 162, 64]).toContain(order.status);
    const moves = await db.selectFrom('balance_log').select(['type', 'amountFen']).where('bizNo', '=', orderNo).execute();
    const sum = (type: number) => moves.filter((m) => m.type === type).reduce((s, m) => s + Number(m.amountFen), 0);
    expect(sum(1)).toBe(sum(3) + sum(2));
    const lines = await db.selectFrom('order_detail').selectAll().where('orderNo', '=', orderNo).execute();
    const logs = await db.selectFrom('calc_fee_log').select(['rowNo', 'kind', 'entFeeFen', 'merchtProfitFen', 'parentProfitFen', 'supIncomeFen']).where('orderNo', '=', orderNo).execute();
    for (const line of lines) {
      const mine = logs.filter((l) => l.rowNo === line.rowNo);
      expect(mine.filter((l) => l.kind === 10)).toHaveLength(1);
      const net = mine.reduce((s, l) => s + Number(l.entFeeFen), 0);
      expect(net).toBe(line.status === 20 ? Number(line.feeFen) : 0);
      for (const l of mine) expect(Number(l.entFeeFen)).toBe(Number(l.merchtProfitFen) + Number(l.parentProfitFen ?? 0) + Number(l.supIncomeFen));
      expect([20, 30, 50]).toContain(line.status);
    }
    const success = lines.filter((l) => l.status === 20);
    expect(sum(3)).toBe(success.reduce((s, l) => s + Number(l.lockFen), 0));
    expect(formatFen(Number(order.successFen))).toBe(formatFen(success.reduce((s, l) => s + Number(l.amountFen), 0)));
    paid.set(orderNo, sum(3));
  }
  for (const account of await db.selectFrom('ent_account').selectAll().execute()) {
    const logs = await db.selectFrom('balance_log').select(['type', 'amountFen', 'availAfterFen', 'lockedAfterFen']).where('entId', '=', account.entId).where('channel', '=', account.channel).orderBy('id').execute();
    const t = (type: number) => logs.filter((l) => l.type === type).reduce((s, l) => s + Number(l.amountFen), 0);
    expect(Number(account.availableFen)).toBe(t(0) - t(1) + t(2));
    expect(Number(account.lockedFen)).toBe(t(1) - t(2) - t(3));
    if (logs.length) expect(Number(account.availableFen)).toBe(Number(logs[logs.length - 1].availAfterFen));
  }
  return paid;
}
