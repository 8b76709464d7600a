/**
 * 对账单 (issue 25): an enterprise × channel statement over a date range, proven equal to the ledger
 * before it is shown (shared-utility rules/statement.ts holds the proof). Routes under the ledger's
 * query code (18650), scoped like the enterprise's records: SYS all, SPR its enterprises, MER its own
 * and its sub-merchants' enterprises, ENT itself and (a parent) its sub-enterprises; 3002 outside.
 *
 * - `ent/query/statement/get {entId, channel, from, to, page?}`: header, opening, totals, closing and
 *   count over the whole range; `lines` paged (`page {limit, pageNum}`, default 20 per page).
 * - `ent/query/statement/genExportExcelToken` + GET `ent/query/statement/export?token=`: the xlsx (a
 *   summary sheet, and the moves streamed into a second sheet, re-proven move by move as they are read).
 *
 * How the proof reads the database (a statement over 100 000 moves answers its first page from a few
 * aggregate reads, not by shipping every move to the server):
 * - moves of the range: balance_log of the account with createdAt in [from 00:00, to+1 00:00) Shanghai,
 *   in id order (the order the ledger service wrote them, under the account's row lock);
 * - opening: the after of the account's last move before the range (0/0 when none);
 * - one pass sums the moves by type and kind, finds the first move that does not move as its type says,
 *   and sums a fingerprint of every before and every after: along a sound chain the befores are the
 *   opening and every after but the last (rules/statement.ts balanceFingerprint). Only when that (or the
 *   first move against the opening) fails is the chain walked move by move (LAG over id) to name the
 *   first bad move; the closing is the last move's after;
 * - 代发金额 / 服务费: the order lines paid (status 20) in the range — their result time is their deduct's
 *   time (the worker writes both with one clock) — and the fee log rows of those lines.
 * The reads run side by side on the pool; a move landing meanwhile can only make them disagree, and a
 * refusal is confirmed by reading again in one repeatable-read snapshot before it is answered.
 */
import {
  checkStatementRange,
  ENUMS,
  enumLabel,
  formatFen,
  MONEY_MESSAGES,
  nameStatementMove,
  proveStatement,
  type StatementAnswer,
  type StatementBalances,
  type StatementMove,
  type StatementSums,
  type StatementTotals,
  balanceFingerprint,
  balanceFingerprintSql,
  foldStatementMoves,
  startStatementChain,
  statementMoveProblem,
  statementNo,
  statementRefusal,
  type BalanceOpType,
} from '@flexpay/shared-utility/src/pure';
import crypto from 'node:crypto';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DialectName } from '../../db/connect';
import type { Database } from '../../db/schema';
import { Code, Messages } from '../../http/codes';
import { ApiError, refuse } from '../../http/envelope';
import type { AppDeps, Caller, RouteSpec, SignedInContext } from '../../http/guard';
import type { Row } from '../../resource/codec';
import type { AnyDb } from '../../resource/entity-resource';
import { EXPORT_TTL_MS, ExportMessages, exportFileName } from '../../resource/export';
import { XlsxSheetWriter } from '../../resource/xlsx-stream';
import { formatDateTime } from '../../util/time';
import { entScope } from './index';

export const STATEMENT_PATH = 'ent/query/statement';
/** The ledger's query code (收支记录). */
export const STATEMENT_CODE = 18650;
export const STATEMENT_PAGE = { limit: 20, max: 1000 };

const SHANGHAI_OFFSET_MS = 8 * 3600_000;
const DAY_MS = 24 * 3600_000;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const STREAM_CHUNK = 5000;

/** Epoch ms of 00:00 Asia/Shanghai of a 'yyyy-MM-dd' day. */
export function dayStartMs(day: string): number {
  return Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) - SHANGHAI_OFFSET_MS;
}

export interface StatementRequest {
  entId: number;
  channel: number;
  from: string;
  to: string;
}

/** The request's enterprise, channel and range; 1001 with the first problem's Chinese message. */
export function parseStatementRequest(body: Row, now: number): StatementRequest {
  const entId = body.entId;
  const channel = body.channel;
  if (typeof entId !== 'number' || !Number.isSafeInteger(entId) || entId <= 0) refuse(Code.VALIDATION, '请选择企业');
  if (typeof channel !== 'number' || !Number.isSafeInteger(channel) || channel < 0) refuse(Code.VALIDATION, '请选择支付通道');
  const range = checkStatementRange(body.from, body.to, formatDateTime(now)!.slice(0, 10));
  if ('error' in range) refuse(Code.VALIDATION, range.error);
  const { from, to } = range as { from: string; to: string };
  return { entId: entId as number, channel: channel as number, from, to };
}

/** `page {limit, pageNum}` (both optional): 1001 when it is not that shape. */
export function parsePage(raw: unknown): { limit: number; pageNum: number } {
  if (raw === undefined || raw === null) return { limit: STATEMENT_PAGE.limit, pageNum: 1 };
  if (typeof raw !== 'object' || Array.isArray(raw)) refuse(Code.VALIDATION, '分页参数格式错误');
  const { limit = STATEMENT_PAGE.limit, pageNum = 1 } = raw as Row;
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > STATEMENT_PAGE.max) refuse(Code.VALIDATION, `每页条数须为1到${STATEMENT_PAGE.max}的整数`);
  if (typeof pageNum !== 'number' || !Number.isInteger(pageNum) || pageNum < 1 || pageNum > 1_000_000) refuse(Code.VALIDATION, '页码须为正整数');
  return { limit: limit as number, pageNum: pageNum as number };
}

/** 3002 unless the caller's organisation sees the enterprise (a parent enterprise sees its subs). */
export async function assertVisible(db: AnyDb, caller: Caller, entId: number): Promise<void> {
  const visible = await entScope(db, 'e.id')(caller, db.selectFrom('ent as e').select('e.id').where('e.id', '=', entId)).executeTakeFirst();
  if (!visible) refuse(Code.OUT_OF_SCOPE, Messages.outOfScope);
}

export interface StatementHeader {
  statementNo: string;
  entId: number;
  entName: string;
  entCode: string;
  channel: number;
  channelName: string;
  from: string;
  to: string;
}

export interface ProvenStatement extends StatementHeader {
  opening: StatementBalances;
  closing: StatementBalances;
  totals: StatementTotals;
  count: number;
  /** The range's first and last move ids (lines are read between them). */
  firstId: number | null;
  lastId: number | null;
  range: { startMs: number; endMs: number };
}

interface Window {
  entId: number;
  channel: number;
  startMs: number;
  endMs: number;
}

const inRange = (w: Window) =>
  sql`"entId" = ${w.entId} AND channel = ${w.channel} AND "createdAt" >= ${w.startMs} AND "createdAt" < ${w.endMs}`;

const toMove = (r: Row): StatementMove => ({
  type: Number(r.type) as BalanceOpType,
  amount: Number(r.amountFen),
  availBefore: Number(r.availBeforeFen),
  availAfter: Number(r.availAfterFen),
  lockedBefore: Number(r.lockedBeforeFen),
  lockedAfter: Number(r.lockedAfterFen),
  bizType: Number(r.bizType),
  bizNo: String(r.bizNo),
  time: formatDateTime(Number(r.createdAt)) ?? undefined,
});

/** One aggregate read's row. */
async function aggregate(db: Kysely<Database>, query: RawBuilder<Row>): Promise<Row> {
  return (await query.execute(db)).rows[0];
}

/** A move that does not move as its type says (or moves nothing). */
const BAD_MOVE = sql.raw(`("amountFen" <= 0 OR type NOT IN (0, 1, 2, 3)
  OR "availAfterFen" - "availBeforeFen" <> CASE type WHEN 0 THEN "amountFen" WHEN 1 THEN -"amountFen" WHEN 2 THEN "amountFen" ELSE 0 END
  OR "lockedAfterFen" - "lockedBeforeFen" <> CASE type WHEN 1 THEN "amountFen" WHEN 2 THEN -"amountFen" WHEN 3 THEN -"amountFen" ELSE 0 END)`);

/** The range's first move that does not follow the move before it or its type (walks the chain: only on suspicion). */
async function firstBrokenId(db: Kysely<Database>, w: Window): Promise<number | null> {
  const row = (
    await sql<Row>`SELECT min(CASE WHEN (pa IS NOT NULL AND ("availBeforeFen" <> pa OR "lockedBeforeFen" <> pl)) OR ${BAD_MOVE} THEN id END) AS "badId"
      FROM (SELECT id, type, "amountFen", "availBeforeFen", "availAfterFen", "lockedBeforeFen", "lockedAfterFen",
          lag("availAfterFen") OVER (ORDER BY id) AS pa, lag("lockedAfterFen") OVER (ORDER BY id) AS pl
        FROM balance_log WHERE ${inRange(w)}) AS m`.execute(db)
  ).rows[0];
  return row?.badId === null || row?.badId === undefined ? null : Number(row.badId);
}

const MOVE_COLUMNS = sql.raw(`id, type, "amountFen", "availBeforeFen", "availAfterFen", "lockedBeforeFen", "lockedAfterFen", "bizType", "bizNo", "createdAt"`);

async function moveById(db: Kysely<Database>, id: number): Promise<Row> {
  return (await sql<Row>`SELECT ${MOVE_COLUMNS} FROM balance_log WHERE id = ${id}`.execute(db)).rows[0];
}

/**
 * The statement of an account over [from, to], proven; throws 1001 when the account is not open and
 * 1009 with the refusal (naming the first bad move) when the proof fails. No scope check: callers do it.
 */
export async function proveAccountStatement(db: Kysely<Database>, request: StatementRequest, now: number): Promise<ProvenStatement> {
  const { entId, channel, from, to } = request;
  const w: Window = { entId, channel, startMs: dayStartMs(from), endMs: dayStartMs(to) + DAY_MS };
  // Independent reads, side by side on a pool (one after the other inside a transaction).
  const [ent, account, channelRow, before, agg, paid] = await Promise.all([
    db.selectFrom('ent').select(['entName', 'entCode']).where('id', '=', entId).executeTakeFirst(),
    db.selectFrom('ent_account').select(['availableFen', 'lockedFen']).where('entId', '=', entId).where('channel', '=', channel).executeTakeFirst(),
    db.selectFrom('pay_channel').select('name').where('channel', '=', channel).executeTakeFirst(),
    // The opening: the last move before the range.
    sql<Row>`SELECT "availAfterFen", "lockedAfterFen" FROM balance_log
      WHERE "entId" = ${entId} AND channel = ${channel} AND "createdAt" < ${w.startMs}
      ORDER BY "createdAt" DESC, id DESC LIMIT 1`.execute(db).then((r) => r.rows[0]),
    // One pass: sums by type and kind, the first move that does not move as its type says, and the
    // balance fingerprints of every before and after (the chain check without walking it).
    aggregate(db, sql<Row>`SELECT count(*) AS n, min(id) AS "firstId", max(id) AS "lastId",
        coalesce(sum(${sql.raw(balanceFingerprintSql('"availBeforeFen"', '"lockedBeforeFen"'))}), 0) AS "hashBefore",
        coalesce(sum(${sql.raw(balanceFingerprintSql('"availAfterFen"', '"lockedAfterFen"'))}), 0) AS "hashAfter",
        coalesce(sum(CASE WHEN type = 0 THEN "amountFen" ELSE 0 END), 0) AS t0,
        coalesce(sum(CASE WHEN type = 1 THEN "amountFen" ELSE 0 END), 0) AS t1,
        coalesce(sum(CASE WHEN type = 2 THEN "amountFen" ELSE 0 END), 0) AS t2,
        coalesce(sum(CASE WHEN type = 3 THEN "amountFen" ELSE 0 END), 0) AS t3,
        coalesce(sum(CASE WHEN type = 0 AND "bizType" = 10 THEN "amountFen" ELSE 0 END), 0) AS recharge,
        coalesce(sum(CASE WHEN type = 3 AND "bizType" = 20 THEN "amountFen" ELSE 0 END), 0) AS "orderDeduct",
        coalesce(sum(CASE WHEN type = 3 AND "bizType" = 30 THEN "amountFen" ELSE 0 END), 0) AS refund,
        min(CASE WHEN ${BAD_MOVE} THEN id END) AS "badId"
      FROM balance_log WHERE ${inRange(w)}`),
    // The order lines paid in the range (their deducts' time) with the fee log of those lines, in one scan:
    // a paid line has exactly one fee-log row (its charge; only failed lines are reversed), so the join
    // neither drops nor repeats lines — a line without its row leaves 服务费 short of the fee log's sum.
    aggregate(db, sql<Row>`SELECT coalesce(sum(d."payeeFen"), 0) AS payee, coalesce(sum(d."feeFen"), 0) AS fee, coalesce(sum(d."lockFen"), 0) AS lock,
        coalesce(sum(f."entFeeFen"), 0) AS "feeLog"
      FROM order_detail d LEFT JOIN calc_fee_log f ON f."orderNo" = d."orderNo" AND f."rowNo" = d."rowNo" AND f."entId" = d."entId"
      WHERE d."entId" = ${entId} AND d."payChannel" = ${channel} AND d.status = 20 AND d."resultAt" >= ${w.startMs} AND d."resultAt" < ${w.endMs}`),
  ]);
  if (!ent) return refuse(Code.OUT_OF_SCOPE, Messages.outOfScope);
  if (!account) return refuse(Code.VALIDATION, MONEY_MESSAGES.noAccount);
  const opening: StatementBalances = before ? { available: Number(before.availAfterFen), locked: Number(before.lockedAfterFen) } : { available: 0, locked: 0 };
  const count = Number(agg.n);
  const firstId = agg.firstId === null ? null : Number(agg.firstId);
  const lastId = agg.lastId === null ? null : Number(agg.lastId);
  const sums: StatementSums = {
    count,
    byType: [Number(agg.t0), Number(agg.t1), Number(agg.t2), Number(agg.t3)],
    recharge: Number(agg.recharge),
    orderDeduct: Number(agg.orderDeduct),
    refund: Number(agg.refund),
  };

  let closing = opening;
  let chainProblem: string | null = null;
  if (firstId !== null && lastId !== null) {
    const [first, last] = await Promise.all([moveById(db, firstId), moveById(db, lastId)]);
    closing = { available: Number(last.availAfterFen), locked: Number(last.lockedAfterFen) };
    const firstProblem = statementMoveProblem(opening, toMove(first));
    const fingerprints = BigInt(String(agg.hashBefore)) - balanceFingerprint(opening.available, opening.locked) === BigInt(String(agg.hashAfter)) - balanceFingerprint(closing.available, closing.locked);
    const suspect = firstProblem !== null || agg.badId !== null || !fingerprints;
    const badId = !suspect ? null : firstProblem ? firstId : await firstBrokenId(db, w);
    if (suspect && badId === null) chainProblem = '各笔变动的前后余额无法衔接';
    if (badId !== null) {
      const bad = badId === firstId ? first : await moveById(db, badId);
      const previous = badId === firstId
        ? undefined
        : (await sql<Row>`SELECT "availAfterFen", "lockedAfterFen" FROM balance_log WHERE ${inRange(w)} AND id < ${badId} ORDER BY id DESC LIMIT 1`.execute(db)).rows[0];
      const position = Number((await sql<Row>`SELECT count(*) AS n FROM balance_log WHERE ${inRange(w)} AND id <= ${badId}`.execute(db)).rows[0].n);
      const prev = previous ? { available: Number(previous.availAfterFen), locked: Number(previous.lockedAfterFen) } : opening;
      const move = toMove(bad);
      chainProblem = `${nameStatementMove(position, move)}${statementMoveProblem(prev, move) ?? '变动有误'}`;
    }
  }

  const today = formatDateTime(now)!.slice(0, 10);
  const proof = proveStatement({
    opening,
    closing,
    sums,
    chainProblem,
    payout: { payee: Number(paid.payee), fee: Number(paid.fee), lock: Number(paid.lock), feeLog: Number(paid.feeLog) },
    accountNow: to >= today ? { available: Number(account.availableFen), locked: Number(account.lockedFen) } : null,
  });
  if ('error' in proof) refuse(Code.CONFLICT, proof.error);
  return {
    statementNo: statementNo(ent.entCode, channel, from, to),
    entId,
    entName: ent.entName,
    entCode: ent.entCode,
    channel,
    channelName: channelRow?.name ?? String(channel),
    from,
    to,
    opening,
    closing,
    totals: (proof as { totals: StatementTotals }).totals,
    count,
    firstId,
    lastId,
    range: { startMs: w.startMs, endMs: w.endMs },
  };
}

/** Runs `work` in one snapshot: repeatable read on PostgreSQL; SQLite's read transaction is one already. */
export async function inSnapshot<T>(db: Kysely<Database>, dialect: DialectName, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  const tx = dialect === 'postgres' ? db.transaction().setIsolationLevel('repeatable read') : db.transaction();
  return tx.execute((trx) => work(trx as unknown as Kysely<Database>));
}

const money = (b: StatementBalances) => ({ available: formatFen(b.available), locked: formatFen(b.locked) });

/** The wire shape of issue 25 §4 (money as yuan strings). */
export function statementAnswer(s: ProvenStatement, lines: Row[]): StatementAnswer {
  return {
    statementNo: s.statementNo,
    entId: s.entId,
    entName: s.entName,
    channel: s.channel,
    channelName: s.channelName,
    from: s.from,
    to: s.to,
    opening: money(s.opening),
    closing: money(s.closing),
    totals: { recharge: formatFen(s.totals.recharge), payout: formatFen(s.totals.payout), fee: formatFen(s.totals.fee), refund: formatFen(s.totals.refund) },
    count: s.count,
    lines: lines.map((r) => ({
      time: formatDateTime(Number(r.createdAt)) ?? '',
      bizType: Number(r.bizType),
      bizNo: String(r.bizNo),
      type: Number(r.type),
      amount: formatFen(Number(r.amountFen)),
      availableAfter: formatFen(Number(r.availAfterFen)),
      lockedAfter: formatFen(Number(r.lockedAfterFen)),
    })),
  };
}

/** One page of the range's moves, in id order, read between the range's first and last id. */
async function pageOf(db: Kysely<Database>, s: ProvenStatement, page: { limit: number; pageNum: number }): Promise<Row[]> {
  if (s.firstId === null || s.lastId === null) return [];
  const { rows } = await sql<Row>`SELECT ${MOVE_COLUMNS} FROM balance_log
    WHERE "entId" = ${s.entId} AND channel = ${s.channel} AND id >= ${s.firstId} AND id <= ${s.lastId} AND "createdAt" >= ${s.range.startMs} AND "createdAt" < ${s.range.endMs}
    ORDER BY id LIMIT ${page.limit} OFFSET ${(page.pageNum - 1) * page.limit}`.execute(db);
  return rows;
}

const hash = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

const bizLabel = (v: number) => enumLabel(ENUMS.balanceBizType, v, String(v));
const typeLabel = (v: number) => enumLabel(ENUMS.balanceChange, v, String(v));

/** The summary sheet's rows: the header, balances, totals and the proof. */
export function summaryRows(s: ProvenStatement, generatedAt: number): unknown[][] {
  return [
    ['对账单编号', s.statementNo],
    ['企业', `${s.entName}（${s.entCode}）`],
    ['支付通道', s.channelName],
    ['对账期间', `${s.from} 至 ${s.to}`],
    ['生成时间', formatDateTime(generatedAt)],
    [],
    ['项目', '金额(元)'],
    ['期初可用余额', formatFen(s.opening.available)],
    ['期初锁定金额', formatFen(s.opening.locked)],
    ['充值入账', formatFen(s.totals.recharge)],
    ['代发金额', formatFen(s.totals.payout)],
    ['服务费', formatFen(s.totals.fee)],
    ['退款', formatFen(s.totals.refund)],
    ['期末可用余额', formatFen(s.closing.available)],
    ['期末锁定金额', formatFen(s.closing.locked)],
    ['变动笔数', String(s.count)],
    [],
    ['核对结果', '已通过：期初余额＋本期变动＝期末余额，逐笔变动前后余额衔接，代发金额与服务费与代发明细、计费记录一致'],
  ];
}

export const MOVE_HEADER = ['序号', '时间', '业务类型', '业务编号', '变动类型', '变动金额(元)', '变动后可用(元)', '变动后锁定(元)'];

/** The statement as an xlsx: a summary sheet, then every move streamed and proven again as it is written. */
export async function statementWorkbook(db: Kysely<Database>, dialect: DialectName, request: StatementRequest, now: number): Promise<{ bytes: Buffer; name: string }> {
  return inSnapshot(db, dialect, async (trx) => {
    const statement = await proveAccountStatement(trx, request, now);
    const sheet = new XlsxSheetWriter(MOVE_HEADER, '变动明细', [{ name: '对账汇总', rows: summaryRows(statement, now), widths: [16, 90] }]);
    // The moves streamed in id order and proven again as they are written: the file holds exactly
    // the moves whose chain was checked.
    let chain = startStatementChain(statement.opening);
    if (statement.firstId !== null && statement.lastId !== null) {
      const query = trx
        .selectFrom('balance_log')
        .select(['id', 'type', 'amountFen', 'availBeforeFen', 'availAfterFen', 'lockedBeforeFen', 'lockedAfterFen', 'bizType', 'bizNo', 'createdAt'])
        .where('entId', '=', statement.entId)
        .where('channel', '=', statement.channel)
        .where('id', '>=', statement.firstId)
        .where('id', '<=', statement.lastId)
        .where('createdAt', '>=', statement.range.startMs)
        .where('createdAt', '<', statement.range.endMs)
        .orderBy('id');
      let rows: Row[] = [];
      const flush = async () => {
        const moves = rows.map(toMove);
        const offset = chain.sums.count;
        chain = foldStatementMoves(chain, moves);
        await sheet.addRows(
          moves.map((m, i) => [offset + i + 1, m.time, bizLabel(m.bizType), m.bizNo, typeLabel(m.type), formatFen(m.amount), formatFen(m.availAfter), formatFen(m.lockedAfter)]),
        );
        rows = [];
      };
      for await (const row of query.stream(STREAM_CHUNK)) {
        rows.push(row as Row);
        if (rows.length === STREAM_CHUNK) await flush();
      }
      await flush();
    }
    if (chain.bad) refuse(Code.CONFLICT, statementRefusal(chain.bad.message));
    if (chain.sums.count !== statement.count || chain.balance.available !== statement.closing.available || chain.balance.locked !== statement.closing.locked)
      refuse(Code.CONFLICT, statementRefusal('导出的变动与对账单汇总不一致'));
    return { bytes: await sheet.finish(), name: exportFileName(`对账单_${statement.statementNo}`, now) };
  });
}

/** One page of a proven statement in its wire shape (the get route, and the bench). */
export async function statementPage(db: Kysely<Database>, dialect: DialectName, request: StatementRequest, page: { limit: number; pageNum: number }, now: number) {
  let statement: ProvenStatement;
  try {
    // The reads side by side, each on its own connection: a move landing between them can only make the
    // figures disagree (refused), never agree wrongly, and a refusal is confirmed under one snapshot.
    statement = await proveAccountStatement(db, request, now);
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== Code.CONFLICT) throw error;
    return inSnapshot(db, dialect, async (trx) => {
      const confirmed = await proveAccountStatement(trx, request, now);
      return statementAnswer(confirmed, await pageOf(trx, confirmed, page));
    });
  }
  // The page reads between the proven first and last id, so a move written since is not on it.
  return statementAnswer(statement, await pageOf(db, statement, page));
}

export function statementRoutes(deps: AppDeps): RouteSpec[] {
  const db = deps.db;
  const any = db as unknown as AnyDb;

  async function proven(ctx: SignedInContext): Promise<{ request: StatementRequest; statement: ProvenStatement }> {
    const request = parseStatementRequest(ctx.body, ctx.now);
    await assertVisible(any, ctx.caller, request.entId);
    const statement = await proveAccountStatement(db, request, ctx.now).catch((error: unknown) => {
      if (!(error instanceof ApiError) || error.code !== Code.CONFLICT) throw error;
      return inSnapshot(db, deps.dialect, (trx) => proveAccountStatement(trx, request, ctx.now));
    });
    return { request, statement };
  }

  return [
    {
      path: `${STATEMENT_PATH}/get`,
      perm: STATEMENT_CODE,
      handler: async (raw) => {
        const ctx = raw as SignedInContext;
        const request = parseStatementRequest(ctx.body, ctx.now);
        const page = parsePage(ctx.body.page);
        await assertVisible(any, ctx.caller, request.entId);
        return statementPage(db, deps.dialect, request, page, ctx.now);
      },
    },
    {
      // Proven before the token is handed out, so a statement that cannot be proven is refused here.
      path: `${STATEMENT_PATH}/genExportExcelToken`,
      perm: STATEMENT_CODE,
      handler: async (raw) => {
        const ctx = raw as SignedInContext;
        const { request, statement } = await proven(ctx);
        const token = crypto.randomBytes(24).toString('hex');
        await db
          .insertInto('export_token')
          .values({ tokenHash: hash(token), userId: ctx.caller.user.userId, path: STATEMENT_PATH, query: JSON.stringify(request), expiresAt: ctx.now + EXPORT_TTL_MS })
          .execute();
        return { token, total: statement.count };
      },
    },
    {
      path: `${STATEMENT_PATH}/export`,
      method: 'GET',
      perm: STATEMENT_CODE,
      raw: true,
      handler: async (raw) => {
        const ctx = raw as SignedInContext;
        const token = String((ctx.request.query as Row).token ?? '');
        const claimed = await db
          .updateTable('export_token')
          .set({ usedAt: ctx.now })
          .where('tokenHash', '=', hash(token))
          .where('userId', '=', ctx.caller.user.userId)
          .where('path', '=', STATEMENT_PATH)
          .where('usedAt', 'is', null)
          .where('expiresAt', '>', ctx.now)
          .returning('query')
          .executeTakeFirst();
        if (!claimed) refuse(Code.VALIDATION, ExportMessages.expired);
        const request = parseStatementRequest(JSON.parse(claimed!.query) as Row, ctx.now);
        await assertVisible(any, ctx.caller, request.entId);
        const file = await statementWorkbook(db, deps.dialect, request, ctx.now);
        return ctx.reply
          .header('Content-Type', XLSX_TYPE)
          .header('Content-Disposition', `attachment; filename="statement.xlsx"; filename*=UTF-8''${encodeURIComponent(file.name)}`)
          .header('Cache-Control', 'no-store')
          .send(file.bytes);
      },
    },
  ];
}
