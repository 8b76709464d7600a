/**
 * Demo data for 对账单 (issue 25 §7): every demo enterprise × channel account gets a credited recharge
 * last month and one this month, so 上月 and 本月 show a real statement at first start; then each
 * account's ledger is put in time order.
 *
 * Why the reorder: the demo writes its moves area by area (recharges and refunds in seed-money.ts, then
 * the payout orders in seed-order.ts), each area oldest first, so an order paid 20 days ago got a later
 * log id than a refund applied yesterday. A running ledger is written in time order (every move takes
 * the account's row lock), and a statement over a date range is proven by that order: each move's
 * balance before must be the previous move's after. So the demo ledger is replayed through the ledger
 * rule oldest first, as the moves would have happened; the final balances are the same sums.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { applyBalanceOp, type BalanceOpType } from '@flexpay/shared-utility/src/pure/rules/server';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { nextCode } from '../resource/serial';
import { HOUR_MS, shanghaiMonthStart } from '../util/time';
import { demoPdf } from './seed-supplier';

const DAY_MS = 24 * HOUR_MS;

/** Last month's and this month's recharge of each account: [amount fen, operator]. */
const LAST_MONTH = 5_000_000;
const THIS_MONTH = 2_000_000;

export async function seedStatements(trx: Transaction<Database>, ids: { now: number; uploaderId: number; uploads?: string }): Promise<void> {
  const db = trx as unknown as Kysely<Database>;
  const { now } = ids;
  const thisMonth = shanghaiMonthStart(now);
  const lastMonth = shanghaiMonthStart(thisMonth - 1);
  const accounts = await db.selectFrom('ent_account as a').innerJoin('ent as e', 'e.id', 'a.entId').select(['a.entId', 'a.channel', 'e.supplierId']).orderBy('a.entId').orderBy('a.channel').execute();
  for (const [i, account] of accounts.entries()) {
    // Last month: the 5th + i hours, 10:00; this month: halfway between the 1st and now (before now even on the 1st).
    const times = [lastMonth + 4 * DAY_MS + (10 + (i % 8)) * HOUR_MS, thisMonth + Math.floor((now - thisMonth) / 2) - (i % 8) * 60_000];
    for (const [k, at] of times.entries()) {
      const amountFen = (k === 0 ? LAST_MONTH : THIS_MONTH) + i * 10_000;
      const applyNo = await nextCode(db as never, 'balance_apply', 'applyNo', 'RA', 8);
      const name = `付款凭证_${applyNo}.pdf`;
      const content = demoPdf(`Payment voucher ${applyNo}: ${(amountFen / 100).toFixed(2)} CNY`);
      const fileMd5 = crypto.createHash('md5').update(content).digest('hex');
      const storedAs = `demo-statement-voucher-${applyNo}.pdf`;
      if (ids.uploads) {
        fs.mkdirSync(ids.uploads, { recursive: true, mode: 0o700 });
        fs.writeFileSync(path.join(ids.uploads, storedAs), content, { mode: 0o600 });
      }
      const file = await db.insertInto('upload_file').values({ userId: ids.uploaderId, name, fileMd5, size: content.length, storedAs, createdAt: at - HOUR_MS }).returning('id').executeTakeFirstOrThrow();
      await db
        .insertInto('balance_apply')
        .values({ applyNo, entId: account.entId, supplierId: account.supplierId, amountFen, payChannel: account.channel, status: 50, reason: null, voucher: JSON.stringify({ url: `/api/admin/file/download?id=${file.id}`, fileMd5, name }), createdAt: at - HOUR_MS, updatedAt: at })
        .execute();
      await db
        .insertInto('balance_log')
        .values({ entId: account.entId, channel: account.channel, type: 0, amountFen, availBeforeFen: 0, availAfterFen: 0, lockedBeforeFen: 0, lockedAfterFen: 0, bizType: 10, bizNo: applyNo, operatorName: account.channel === 0 ? '陈晓东' : '银行通道', createdAt: at })
        .execute();
    }
  }
  for (const account of accounts) await replayInTimeOrder(db, account.entId, account.channel);
}

/**
 * Rewrites one account's ledger oldest first through the ledger rule (each row's before/after from
 * the one before it) and sets the account to the result. Throws if a move would be refused in that
 * order, which would mean the demo data itself is wrong.
 */
export async function replayInTimeOrder(db: Kysely<Database>, entId: number, channel: number): Promise<void> {
  const account = await db.selectFrom('ent_account').selectAll().where('entId', '=', entId).where('channel', '=', channel).executeTakeFirstOrThrow();
  const rows = await db.selectFrom('balance_log').selectAll().where('entId', '=', entId).where('channel', '=', channel).orderBy('createdAt').orderBy('id').execute();
  let state = { availableFen: 0, lockedFen: 0, allowOverdraft: account.allowOverdraft === 1, overdraftLimitFen: Number(account.overdraftLimitFen) };
  const replayed = rows.map((row) => {
    const result = applyBalanceOp(state, { type: row.type as BalanceOpType, amountFen: Number(row.amountFen), orderLock: row.bizType === 20 });
    if ('error' in result) throw new Error(`demo ledger of ${entId}/${channel} refused in time order at ${row.bizNo}: ${result.error}`);
    state = result.next;
    const { id: _id, ...rest } = row;
    return { ...rest, availBeforeFen: result.log.availBefore, availAfterFen: result.log.availAfter, lockedBeforeFen: result.log.lockedBefore, lockedAfterFen: result.log.lockedAfter };
  });
  await db.deleteFrom('balance_log').where('entId', '=', entId).where('channel', '=', channel).execute();
  for (let i = 0; i < replayed.length; i += 200) await db.insertInto('balance_log').values(replayed.slice(i, i + 200)).execute();
  await db.updateTable('ent_account').set({ availableFen: state.availableFen, lockedFen: state.lockedFen, version: replayed.length }).where('id', '=', account.id).execute();
}
