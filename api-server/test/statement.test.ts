/**
 * Issue 25 对账单 on both databases: the demo's statements prove (上月 and 本月 of every account), the
 * proof's figures, paging, scope per account type (3002 outside), bad ranges (1001), a deliberately
 * broken chain refused naming its first bad move (and its export), the xlsx, and the monthly mail job
 * running once across concurrent runs and restarts.
 */
import { quickRange, STATEMENT_MESSAGES } from '@flexpay/shared-utility/src/pure';
import { checkLedger } from '@flexpay/shared-utility/src/pure/rules/server';
import type { Kysely } from 'kysely';
import * as XLSX from 'xlsx';
import type { Database } from '../src/db/schema';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/demo/seed';
import { ledgerRows } from '../src/domain/ent/ledger';
import { type AccountState, LargePlan, ledgerRows as largeLedgerRows } from '../src/demo/seed-large';
import { dueRunKey, runStatementMail, startStatementJob } from '../src/domain/ent/statement-job';
import { Messages } from '../src/http/codes';
import { formatDateTime, HOUR_MS, shanghaiMonthStart } from '../src/util/time';
import { createTestContext, DIALECTS, type TestContext } from './support/app';
import type { SignedClient } from './support/client';

jest.setTimeout(120_000);

const today = () => formatDateTime(Date.now())!.slice(0, 10);
const fen = (yuan: string) => Math.round(Number(yuan) * 100);

describe.each(DIALECTS)('对账单 on %s', (dialect) => {
  let ctx: TestContext;
  let sys: SignedClient;
  let spr: SignedClient;
  let mer: SignedClient;
  let ent: SignedClient;
  const ids = { ent1: 0, ent2: 0, ent3: 0, ent5: 0 };

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    [sys, spr, mer, ent] = [ctx.client(), ctx.client(), ctx.client(), ctx.client()];
    for (const [client, name] of [
      [sys, DEMO_USERS.SYS],
      [spr, DEMO_USERS.SPR],
      [mer, DEMO_USERS.MER],
      [ent, DEMO_USERS.ENT],
    ] as const)
      expect((await client.login(name, DEMO_PASSWORD)).code).toBe(0);
    const idOf = async (entCode: string) => (await ctx.db.selectFrom('ent').select('id').where('entCode', '=', entCode).executeTakeFirstOrThrow()).id;
    Object.assign(ids, { ent1: await idOf('ENT0001'), ent2: await idOf('ENT0002'), ent3: await idOf('ENT0003'), ent5: await idOf('ENT0005') });
  });
  afterAll(() => ctx.close());

  const get = (client: SignedClient, body: Record<string, unknown>) => client.post('ent/query/statement/get', body);
  const lastMonth = () => quickRange('lastMonth', today());
  const thisMonth = () => quickRange('thisMonth', today());

  test('the demo ledger is in time order and every account proves for 上月 and 本月, with moves in both', async () => {
    const accounts = await ctx.db.selectFrom('ent_account').selectAll().orderBy('id').execute();
    expect(accounts.length).toBeGreaterThanOrEqual(6);
    for (const a of accounts) {
      expect(checkLedger(await ledgerRows(ctx.db, a.entId, a.channel), { availableFen: a.availableFen, lockedFen: a.lockedFen })).toEqual([]);
      for (const range of [lastMonth(), thisMonth()]) {
        const answer = await get(sys, { entId: a.entId, channel: a.channel, ...range });
        expect(answer.code).toBe(0);
        expect(answer.data.count).toBeGreaterThan(0);
      }
    }
  });

  test('the answer has the contract shape; opening + totals = closing; 本月 closes at the balance now; lines in time order', async () => {
    const answer = await get(ent, { entId: ids.ent1, channel: 0, ...thisMonth(), page: { limit: 1000, pageNum: 1 } });
    expect(answer.code).toBe(0);
    const s = answer.data;
    expect(Object.keys(s).sort()).toEqual(['channel', 'channelName', 'closing', 'count', 'entId', 'entName', 'from', 'lines', 'opening', 'statementNo', 'to', 'totals'].sort());
    expect(s).toMatchObject({ entId: ids.ent1, entName: '北京星辰物流有限公司', channel: 0, from: thisMonth().from, to: today(), statementNo: `STENT0001-00-${thisMonth().from.replace(/-/g, '')}-${today().replace(/-/g, '')}` });
    expect(Object.keys(s.totals).sort()).toEqual(['fee', 'payout', 'recharge', 'refund']);
    for (const v of [s.opening.available, s.opening.locked, s.closing.available, s.closing.locked, s.totals.recharge]) expect(v).toMatch(/^-?\d+\.\d{2}$/);
    const account = await ctx.db.selectFrom('ent_account').selectAll().where('entId', '=', ids.ent1).where('channel', '=', 0).executeTakeFirstOrThrow();
    expect([fen(s.closing.available), fen(s.closing.locked)]).toEqual([Number(account.availableFen), Number(account.lockedFen)]);
    const t = s.totals;
    expect(fen(s.opening.available) + fen(s.opening.locked) + fen(t.recharge) - fen(t.payout) - fen(t.fee) - fen(t.refund)).toBe(fen(s.closing.available) + fen(s.closing.locked));
    expect(s.lines).toHaveLength(s.count);
    expect(Object.keys(s.lines[0]).sort()).toEqual(['amount', 'availableAfter', 'bizNo', 'bizType', 'lockedAfter', 'time', 'type']);
    const times = s.lines.map((l: { time: string }) => l.time);
    expect([...times].sort()).toEqual(times);
    expect(times[0] >= `${thisMonth().from} 00:00:00`).toBe(true);
    const last = s.lines[s.lines.length - 1];
    expect([last.availableAfter, last.lockedAfter]).toEqual([s.closing.available, s.closing.locked]);
    // The recharge this month is counted once, as an add of the recharge kind.
    const recharges = s.lines.filter((l: { bizType: number; type: number }) => l.bizType === 10 && l.type === 0);
    expect(recharges.reduce((sum: number, l: { amount: string }) => sum + fen(l.amount), 0)).toBe(fen(t.recharge));
  });

  test('代发金额 and 服务费 equal the order lines paid in the range and their fee log', async () => {
    const range = { from: quickRange('last30', today()).from, to: today() };
    const start = Date.parse(`${range.from}T00:00:00+08:00`);
    for (const channel of [0, 1]) {
      const answer = await get(sys, { entId: ids.ent1, channel, ...range });
      expect(answer.code).toBe(0);
      const lines = await ctx.db.selectFrom('order_detail').select(['payeeFen', 'feeFen']).where('entId', '=', ids.ent1).where('payChannel', '=', channel).where('status', '=', 20).where('resultAt', '>=', start).execute();
      expect(fen(answer.data.totals.payout)).toBe(lines.reduce((s, l) => s + Number(l.payeeFen), 0));
      expect(fen(answer.data.totals.fee)).toBe(lines.reduce((s, l) => s + Number(l.feeFen), 0));
    }
  });

  test('lines page like lists while opening, totals, closing and count cover the whole range', async () => {
    const range = { from: quickRange('last30', today()).from, to: today() };
    const all = (await get(sys, { entId: ids.ent1, channel: 0, ...range, page: { limit: 1000, pageNum: 1 } })).data;
    expect(all.count).toBeGreaterThan(6);
    const first = (await get(sys, { entId: ids.ent1, channel: 0, ...range })).data;
    expect(first.lines).toHaveLength(Math.min(20, all.count));
    const page2 = (await get(sys, { entId: ids.ent1, channel: 0, ...range, page: { limit: 3, pageNum: 2 } })).data;
    expect(page2.lines).toEqual(all.lines.slice(3, 6));
    for (const k of ['opening', 'closing', 'totals', 'count', 'statementNo']) expect(page2[k]).toEqual(all[k]);
    const beyond = (await get(sys, { entId: ids.ent1, channel: 0, ...range, page: { limit: 10, pageNum: 1000 } })).data;
    expect(beyond.lines).toEqual([]);
    expect(beyond.count).toBe(all.count);
  });

  test('scope per account type: SYS all, SPR its enterprises, MER its own, ENT itself and its sub-enterprises; 3002 outside', async () => {
    const range = lastMonth();
    const code = async (client: SignedClient, entId: number) => (await get(client, { entId, channel: 0, ...range })).code;
    expect(await code(sys, ids.ent3)).toBe(0);
    expect(await code(spr, ids.ent1)).toBe(0);
    expect(await code(spr, ids.ent2)).toBe(0);
    expect(await code(mer, ids.ent1)).toBe(0);
    expect(await code(ent, ids.ent1)).toBe(0);
    for (const client of [spr, mer, ent]) {
      const answer = await get(client, { entId: ids.ent3, channel: 0, ...range });
      expect({ code: answer.code, message: answer.message, data: answer.data }).toEqual({ code: 3002, message: Messages.outOfScope, data: null });
    }
    expect(await code(ent, ids.ent2)).toBe(3002);
    // ENT0005 is ENT0001's sub-enterprise: in scope, it simply has no account on the channel.
    expect(await get(ent, { entId: ids.ent5, channel: 0, ...range })).toMatchObject({ code: 1001, message: '该企业未开通此支付通道' });
    expect((await sys.post('ent/query/statement/genExportExcelToken', { entId: ids.ent3, channel: 0, ...range })).code).toBe(0);
    expect((await ent.post('ent/query/statement/genExportExcelToken', { entId: ids.ent3, channel: 0, ...range })).code).toBe(3002);
  });

  test('bad ranges and pages answer 1001 in Chinese', async () => {
    const base = { entId: ids.ent1, channel: 0 };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ from: '2026-10-31', to: '2026-10-01' }, STATEMENT_MESSAGES.reversed],
      [{ from: '2024-01-01', to: '2025-01-01' }, STATEMENT_MESSAGES.tooLong],
      [{ from: '2026-13-01', to: '2026-10-01' }, STATEMENT_MESSAGES.badDate],
      [{ from: '2026-02-29', to: '2026-03-01' }, STATEMENT_MESSAGES.badDate],
      [{ from: '2026/10/01', to: '2026-10-31' }, STATEMENT_MESSAGES.badDate],
      [{ from: 20261001, to: '2026-10-31' }, STATEMENT_MESSAGES.badDate],
      [{ to: '2026-10-31' }, STATEMENT_MESSAGES.fromRequired],
      [{ from: '2026-10-01' }, STATEMENT_MESSAGES.toRequired],
    ];
    for (const [range, message] of cases) expect(await get(sys, { ...base, ...range })).toMatchObject({ code: 1001, message });
    for (const page of ['x', { limit: 0, pageNum: 1 }, { limit: 10, pageNum: -1 }, { limit: 5000, pageNum: 1 }, { limit: 1.5, pageNum: 1 }])
      expect(await get(sys, { ...base, ...lastMonth(), page })).toMatchObject({ code: 1001, message: expect.stringMatching(/分页参数无效|每页条数须为1到1000的整数|页码须为正整数/) });
    expect(await get(sys, { ...lastMonth(), channel: 0 })).toMatchObject({ code: 1001, message: '请选择企业' });
    expect(await get(sys, { ...lastMonth(), entId: ids.ent1, channel: '0' })).toMatchObject({ code: 1001, message: '请选择支付通道' });
  });

  test('a deliberately broken chain is refused naming the first bad move, never shown; its export is refused too', async () => {
    const range = { from: quickRange('last30', today()).from, to: today() };
    const all = (await get(sys, { entId: ids.ent1, channel: 0, ...range, page: { limit: 1000, pageNum: 1 } })).data;
    const start = Date.parse(`${range.from}T00:00:00+08:00`);
    const moves = await ctx.db.selectFrom('balance_log').selectAll().where('entId', '=', ids.ent1).where('channel', '=', 0).where('createdAt', '>=', start).orderBy('id').execute();
    expect(moves).toHaveLength(all.count);
    const victim = moves[3];
    const restore = { availBeforeFen: victim.availBeforeFen, availAfterFen: victim.availAfterFen };
    // A move whose balance before does not follow the move before it (its own arithmetic still adds up).
    await ctx.db.updateTable('balance_log').set({ availBeforeFen: Number(victim.availBeforeFen) + 1, availAfterFen: Number(victim.availAfterFen) + 1 }).where('id', '=', victim.id).execute();
    try {
      const answer = await get(sys, { entId: ids.ent1, channel: 0, ...range });
      expect(answer.code).toBe(1009);
      expect(answer.data).toBeNull();
      expect(answer.message).toContain(`对账单未通过核对，无法出具：第4笔变动（业务编号${victim.bizNo}，${formatDateTime(Number(victim.createdAt))}）变动前余额`);
      expect(answer.message).toContain('与上一笔变动后余额');
      const token = await sys.post('ent/query/statement/genExportExcelToken', { entId: ids.ent1, channel: 0, ...range });
      expect(token.code).toBe(1009);
      expect(token.message).toBe(answer.message);
      // A range that ends before the broken move still proves.
      const earlier = { from: range.from, to: formatDateTime(Number(moves[0].createdAt) - 24 * HOUR_MS)!.slice(0, 10) };
      if (earlier.to >= earlier.from) expect((await get(sys, { entId: ids.ent1, channel: 0, ...earlier })).code).toBe(0);
    } finally {
      await ctx.db.updateTable('balance_log').set(restore).where('id', '=', victim.id).execute();
    }
    expect((await get(sys, { entId: ids.ent1, channel: 0, ...range })).code).toBe(0);
  });

  test('a move that took more than its account shows is refused as a closing that is not the balance now', async () => {
    await ctx.db.updateTable('ent_account').set((eb) => ({ availableFen: eb('availableFen', '+', 1) })).where('entId', '=', ids.ent2).where('channel', '=', 0).execute();
    try {
      const answer = await get(sys, { entId: ids.ent2, channel: 0, ...thisMonth() });
      expect(answer).toMatchObject({ code: 1009 });
      expect(answer.message).toContain('期末余额与账户当前余额');
      expect((await get(sys, { entId: ids.ent2, channel: 0, ...lastMonth() })).code).toBe(0);
    } finally {
      await ctx.db.updateTable('ent_account').set((eb) => ({ availableFen: eb('availableFen', '-', 1) })).where('entId', '=', ids.ent2).where('channel', '=', 0).execute();
    }
  });

  test('the xlsx: a summary sheet and every move, through a single-use token bound to the caller', async () => {
    const range = lastMonth();
    const statement = (await get(ent, { entId: ids.ent1, channel: 1, ...range, page: { limit: 1000, pageNum: 1 } })).data;
    const token = await ent.post('ent/query/statement/genExportExcelToken', { entId: ids.ent1, channel: 1, ...range });
    expect(token.code).toBe(0);
    expect(token.data.total).toBe(statement.count);
    // Bound to its caller: another account cannot spend it.
    expect((await sys.get('ent/query/statement/export', { token: token.data.token })).headers['content-type']).not.toContain('spreadsheet');
    const file = await ent.get('ent/query/statement/export', { token: token.data.token });
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(decodeURIComponent(String(file.headers['content-disposition']))).toContain(`数据_对账单_${statement.statementNo}_`);
    const book = XLSX.read(file.rawPayload, { type: 'buffer' });
    expect(book.SheetNames).toEqual(['对账汇总', '变动明细']);
    const summary = XLSX.utils.sheet_to_json<string[]>(book.Sheets['对账汇总'], { header: 1 });
    const value = (label: string) => summary.find((r) => r[0] === label)?.[1];
    expect(value('对账单编号')).toBe(statement.statementNo);
    expect(value('对账期间')).toBe(`${range.from} 至 ${range.to}`);
    expect([value('期初可用余额'), value('充值入账'), value('代发金额'), value('服务费'), value('退款'), value('期末可用余额'), value('期末锁定金额')]).toEqual([
      statement.opening.available, statement.totals.recharge, statement.totals.payout, statement.totals.fee, statement.totals.refund, statement.closing.available, statement.closing.locked,
    ]);
    const moves = XLSX.utils.sheet_to_json<string[]>(book.Sheets['变动明细'], { header: 1 });
    expect(moves[0]).toEqual(['序号', '时间', '业务类型', '业务编号', '变动类型', '变动金额(元)', '变动后可用(元)', '变动后锁定(元)']);
    expect(moves).toHaveLength(statement.count + 1);
    expect(moves.slice(1).map((r) => [r[1], r[3], r[5], r[6], r[7]])).toEqual(statement.lines.map((l: Record<string, string>) => [l.time, l.bizNo, l.amount, l.availableAfter, l.lockedAfter]));
    // Single use.
    const again = await ent.get('ent/query/statement/export', { token: token.data.token });
    expect(JSON.parse(again.payload)).toMatchObject({ code: 1001, message: '导出链接已失效，请重新导出' });
  });

  describe('the monthly mail', () => {
    const mailsTo = async (db: Kysely<Database>, subjectLike: string) => db.selectFrom('mail_outbox').selectAll().where('subject', 'like', subjectLike).execute();

    test('is due from 01:00 on the 1st (Shanghai) and names last month', () => {
      const first = shanghaiMonthStart(Date.parse('2026-11-15T12:00:00+08:00'));
      expect(dueRunKey(first + 59 * 60_000)).toBeNull();
      expect(dueRunKey(first + HOUR_MS)).toBe('statementMail:2026-10');
      expect(dueRunKey(Date.parse('2027-01-01T01:00:00+08:00'))).toBe('statementMail:2026-12');
    });

    test('sends last month’s summary to each enterprise’s administrators once, across concurrent runs and a restart', async () => {
      const at = shanghaiMonthStart(Date.now()) + HOUR_MS + 5 * 60_000;
      const month = lastMonth().from.slice(0, 7);
      const subject = `FlexPay 对账单 ${month.slice(0, 4)}年${Number(month.slice(5, 7))}月 · %`;
      // A run whose mail fails rolls its claim back with everything it wrote, and is tried again.
      const failing = { send: async () => Promise.reject(new Error('smtp down')) };
      await expect(runStatementMail(ctx.db, at, failing)).rejects.toThrow('smtp down');
      expect(await ctx.db.selectFrom('job_run').selectAll().execute()).toEqual([]);
      expect(await mailsTo(ctx.db, subject)).toEqual([]);
      // Several processes at once (on PostgreSQL each run holds its own connection of the pool).
      const runs = await Promise.all([runStatementMail(ctx.db, at), runStatementMail(ctx.db, at + 1), runStatementMail(ctx.db, at + 2)]);
      expect(runs.filter((r) => r.ran)).toHaveLength(1);
      const sent = runs.find((r) => r.ran)!.mails;
      expect(sent).toBeGreaterThanOrEqual(1);
      // After a restart (a later tick, another day of the month): nothing more.
      expect(await runStatementMail(ctx.db, at + 3 * 24 * HOUR_MS)).toEqual({ key: `statementMail:${month}`, ran: false, mails: 0 });
      const mails = await mailsTo(ctx.db, subject);
      expect(mails).toHaveLength(sent);
      const mine = mails.filter((m) => m.email === 'enterprise01@flexpay.example.com');
      expect(mine).toHaveLength(1);
      expect(mine[0].subject).toBe(`FlexPay 对账单 ${month.slice(0, 4)}年${Number(month.slice(5, 7))}月 · 北京星辰物流有限公司`);
      // Each channel's closing balance, as the statement proves it.
      for (const channel of [0, 1]) {
        const s = (await get(sys, { entId: ids.ent1, channel, ...lastMonth() })).data;
        const total = (fen(s.closing.available) + fen(s.closing.locked)) / 100;
        expect(mine[0].content).toContain(`${s.channelName}（${s.statementNo}）`);
        expect(mine[0].content).toContain(`期末余额${total.toFixed(2)}元（可用${s.closing.available}元，锁定${s.closing.locked}元）`);
      }
      const run = await ctx.db.selectFrom('job_run').selectAll().execute();
      expect(run).toEqual([expect.objectContaining({ jobKey: `statementMail:${month}`, result: expect.stringContaining(`已发送${sent}封`) })]);
    });

    test('the server\'s job: started, stopped and started again (a restart) sends the month once', async () => {
      // 01:01 on the 1st of next month: the run of this month.
      const at = shanghaiMonthStart(shanghaiMonthStart(Date.now()) + 40 * 24 * HOUR_MS) + HOUR_MS + 60_000;
      const month = formatDateTime(Date.now())!.slice(0, 7);
      const subject = `FlexPay 对账单 ${month.slice(0, 4)}年${Number(month.slice(5, 7))}月 · %`;
      const errors: unknown[] = [];
      await startStatementJob(ctx.db, { now: () => at, everyMs: 3_600_000, onError: (e) => errors.push(e) })();
      const first = (await mailsTo(ctx.db, subject)).length;
      expect(first).toBeGreaterThanOrEqual(1);
      await startStatementJob(ctx.db, { now: () => at + 10 * 60_000, everyMs: 3_600_000, onError: (e) => errors.push(e) })();
      expect(await mailsTo(ctx.db, subject)).toHaveLength(first);
      expect(errors).toEqual([]);
      // Before 01:00 on the 1st nothing is due.
      expect(dueRunKey(at - 2 * 60_000)).toBeNull();
    });
  });
});

describe('the large-data generator', () => {
  test('writes each enterprise\'s moves in time order, chained (orders closer than the hour between a lock and its deduct)', () => {
    const plan = new LargePlan({ orders: 12_000, enterprises: 1, talents: 100, linesPerOrder: 2, now: Date.UTC(2026, 10, 24, 4) }, { entId: 900, custId: 1, orderId: 1, detailId: 1 }, [{ merchtId: 1, supplierId: 2, parentMerchtId: null }]);
    const accounts = new Map<number, AccountState>();
    const rows = [...largeLedgerRows(plan, accounts)];
    expect(rows.length).toBeGreaterThan(20_000);
    // [entId, channel, type, amount, availBefore, availAfter, lockedBefore, lockedAfter, bizType, bizNo, operator, createdAt]
    for (let i = 1; i < rows.length; i += 1) {
      const [prev, row] = [rows[i - 1] as number[], rows[i] as number[]];
      expect(row[11] >= prev[11] && row[4] === prev[5] && row[6] === prev[7]).toBe(true);
    }
    const last = rows[rows.length - 1] as number[];
    expect(accounts.get(900)).toEqual({ availableFen: last[5], lockedFen: last[7] });
  });
});
