/**
 * Demo money (DOMAIN.md §3, §12): every enterprise has an account on channels 0 and 1 with money in
 * it, recharge applications in every state (each with a voucher), refunds in every state, and the
 * payout orders' locks and deducts. Every balance is produced by the ledger service itself, in time
 * order, so each account equals its ledger from the first start.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PostgresAdapter, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { BizType, type BizTypeValue, moveBalance } from '../domain/ent/ledger';
import { demoPdf } from './seed-supplier';

const DAY_MS = 24 * 3600_000;
const HOUR_MS = 3600_000;

interface Move {
  at: number;
  entId: number;
  channel: number;
  type: 0 | 1 | 2 | 3;
  amountFen: number;
  bizType: BizTypeValue;
  bizNo: string;
  operatorName: string;
}

export async function seedMoney(
  trx: Transaction<Database>,
  ids: { now: number; ents: Array<{ id: number; supplierId: number }>; uploaderId: number; uploads?: string },
): Promise<void> {
  const { now, ents, uploads } = ids;
  const dialect = trx.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
  const daysAgo = (days: number) => now - days * DAY_MS;
  const moves: Move[] = [];

  for (const ent of ents)
    await trx.insertInto('ent_account').values([0, 1].map((channel) => ({ entId: ent.id, channel, availableFen: 0, lockedFen: 0, allowOverdraft: 0, overdraftLimitFen: 0, version: 0, status: 0, createdAt: daysAgo(60), updatedAt: daysAgo(60) }))).execute();
  // ENT0002 may overdraw channel 1 for payouts (SYS · 18520).
  await trx.updateTable('ent_account').set({ allowOverdraft: 1, overdraftLimitFen: 5_000_000 }).where('entId', '=', ents[1].id).where('channel', '=', 1).execute();

  // [enterprise, channel, amount fen, status, days ago, reason]: every recharge state, two awaiting review.
  const recharges: Array<[number, number, number, number, number, string | null]> = [
    [0, 0, 50_000_000, 50, 40, null],
    [0, 1, 50_000_000, 50, 39, null],
    [1, 0, 12_000_000, 50, 38, null],
    [1, 1, 30_000_000, 50, 38, null],
    [2, 0, 3_050_000, 50, 37, null],
    [2, 1, 10_000_000, 50, 36, null],
    [0, 0, 800_000, 11, 15, '付款凭证不清晰，请重新上传'],
    [0, 0, 500_000, 90, 12, null],
    [0, 0, 1_200_000, 51, 10, '未查询到到账记录'],
    [0, 1, 1_500_000_000, 51, 9, '未查询到到账记录'],
    [0, 1, 2_000_000, 21, 8, '通道处理异常'],
    [1, 0, 5_000_000, 10, 5, null],
    [1, 1, 4_000_000, 10, 4, null],
    [0, 0, 2_000_000, 20, 3, null],
    [0, 0, 10_000_000, 0, 1, null],
    [2, 0, 3_000_000, 0, 1, null],
  ];
  const rechargeIds: number[] = [];
  for (const [i, [e, channel, amountFen, status, days, reason]] of recharges.entries()) {
    const applyNo = `RA${String(i + 1).padStart(8, '0')}`;
    const name = `付款凭证_${applyNo}.pdf`;
    const content = demoPdf(`Payment voucher ${applyNo}: ${(amountFen / 100).toFixed(2)} CNY`);
    const fileMd5 = crypto.createHash('md5').update(content).digest('hex');
    const storedAs = `demo-voucher-${i + 1}.pdf`;
    if (uploads) {
      fs.mkdirSync(uploads, { recursive: true, mode: 0o700 });
      fs.writeFileSync(path.join(uploads, storedAs), content, { mode: 0o600 });
    }
    const file = await trx.insertInto('upload_file').values({ userId: ids.uploaderId, name, fileMd5, size: content.length, storedAs, createdAt: daysAgo(days) }).returning('id').executeTakeFirstOrThrow();
    const row = await trx
      .insertInto('balance_apply')
      .values({
        applyNo,
        entId: ents[e].id,
        supplierId: ents[e].supplierId,
        amountFen,
        payChannel: channel,
        status,
        reason,
        voucher: JSON.stringify({ url: `/api/admin/file/download?id=${file.id}`, fileMd5, name }),
        createdAt: daysAgo(days),
        updatedAt: daysAgo(days) + (status === 0 ? 0 : 4 * HOUR_MS),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    rechargeIds.push(row.id);
    if (status === 50) moves.push({ at: daysAgo(days) + 4 * HOUR_MS, entId: ents[e].id, channel, type: 0, amountFen, bizType: BizType.RECHARGE, bizNo: applyNo, operatorName: channel === 0 ? '陈晓东' : '银行通道' });
  }

  // Payout orders' moves follow their lines (seed-order.ts), after the fees price them.

  // [enterprise, balance type, recharge index, amount fen, status, days ago, reason]: every refund state.
  const refunds: Array<[number, number, number | null, number, number, number, string | null]> = [
    [0, 20, 0, 500_000, 30, 20, null],
    [0, 10, null, 200_000, 20, 14, '请先结清在途代发订单'],
    [0, 10, null, 100_000, 40, 11, '收款账户信息有误'],
    [0, 20, 0, 1_000_000, 10, 2, null],
    [0, 10, null, 300_000, 0, 1, null],
    [2, 10, null, 50_000, 0, 1, null],
  ];
  for (const [i, [e, balanceType, rechargeIndex, amountFen, status, days, reason]] of refunds.entries()) {
    const refundNo = `RF${String(i + 1).padStart(8, '0')}`;
    const at = daysAgo(days);
    await trx
      .insertInto('refund_apply')
      .values({
        refundNo,
        entId: ents[e].id,
        channel: 0,
        balanceType,
        applyId: rechargeIndex === null ? null : rechargeIds[rechargeIndex],
        amountFen,
        payeeAcctName: e === 0 ? '北京星辰物流有限公司' : '成都巴蜀餐饮管理有限公司',
        payeeAcct: e === 0 ? '110060123456789012' : '510060987654321098',
        payeeBank: e === 0 ? '中国银行北京朝阳支行' : '中国银行成都高新支行',
        remark: balanceType === 20 ? '多充值部分退回' : '余额退回企业对公账户',
        status,
        reason,
        createdAt: at,
        updatedAt: at + (status === 0 ? 0 : 3 * HOUR_MS),
      })
      .execute();
    const base = { entId: ents[e].id, channel: 0, amountFen, bizType: BizType.REFUND, bizNo: refundNo };
    moves.push({ ...base, at, type: 1, operatorName: '孙立新' });
    if (status === 30) moves.push({ ...base, at: at + 3 * HOUR_MS, type: 3, operatorName: '陈晓东' });
    if (status === 20 || status === 40) moves.push({ ...base, at: at + 3 * HOUR_MS, type: 2, operatorName: '陈晓东' });
  }

  moves.sort((a, b) => a.at - b.at);
  for (const { at, ...move } of moves) await moveBalance(trx as unknown as Kysely<Database>, dialect, { ...move, now: at });
}

/** 完税记录: each demo enterprise's last three months of tax-paid proofs, with their PDF files. */
export async function seedTaxProofs(trx: Transaction<Database>, ids: { now: number; ents: Array<{ id: number }>; uploaderId: number; uploads?: string }): Promise<void> {
  const monthsAgo = (n: number) => {
    const d = new Date(ids.now + 8 * HOUR_MS);
    d.setUTCDate(1);
    d.setUTCMonth(d.getUTCMonth() - n);
    return d.toISOString().slice(0, 7);
  };
  let i = 0;
  for (const [e, ent] of ids.ents.entries()) {
    for (const n of [1, 2, 3]) {
      i += 1;
      const month = monthsAgo(n);
      const name = `完税证明_${month}.pdf`;
      const content = demoPdf(`Tax paid proof of enterprise ${ent.id} for ${month}`);
      const fileMd5 = crypto.createHash('md5').update(content).digest('hex');
      const storedAs = `demo-ent-tax-proof-${i}.pdf`;
      if (ids.uploads) {
        fs.mkdirSync(ids.uploads, { recursive: true, mode: 0o700 });
        fs.writeFileSync(path.join(ids.uploads, storedAs), content, { mode: 0o600 });
      }
      const at = ids.now - (n * 30 - 12) * DAY_MS;
      const file = await trx.insertInto('upload_file').values({ userId: ids.uploaderId, name, fileMd5, size: content.length, storedAs, createdAt: at }).returning('id').executeTakeFirstOrThrow();
      const personCount = 12 + ((e * 7 + n * 5) % 20);
      await trx
        .insertInto('ent_tax_proof')
        .values({ entId: ent.id, month, personCount, taxAmountFen: personCount * (3_150 + n * 211), file: JSON.stringify({ url: `/api/admin/file/download?id=${file.id}`, fileMd5, name }), remark: n === 1 ? '个税代扣代缴完税证明' : null, createdAt: at, updatedAt: at })
        .execute();
    }
  }
}
