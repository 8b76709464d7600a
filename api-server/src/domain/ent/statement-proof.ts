/**
 * 对账单's proof (issue 25): the statement of one enterprise × channel account over a date range, proven
 * equal to the ledger (shared-utility rules/statement.ts holds the rules). Read by the statement's routes
 * (statement.ts), its export (statement-export.ts) and the month's statement job (statement-job.ts).
 *
 * How the proof reads the database (a statement over 100 000 moves answers its first page from a few
 * aggregate reads, not by shipping every move to the server):
 * - moves of the range: balance_log of the account with createdAt in [from 00:00, to+1 00:00) Shanghai,
 *   in id order (the order the ledger service wrote them, under the account's row lock);
 * - opening: the after of the account's last move before the range (0/0 when none);
 * - one pass sums the moves by type and kind, finds the first move that does not move as its type says,
 *   and sums a fingerprint of every before and every after: along a sound chain the befores are the
 *   opening and every after but the last (rules/statement.ts balanceFingerprint). Only when that (or the
 *   first move against the opening) fails are the range's moves walked (`walkMoves`, the export's own read)
 *   to name the first bad move; the closing is the last move's after;
 * - 代发金额 / 服务费: the order lines paid (status 20) in the range — their result time is their deduct's
 *   time (the worker writes both with one clock) — and the fee log rows of those lines.
 * The reads run side by side on the pool; a move landing meanwhile can only make them disagree, and a
 * refusal is confirmed by reading again in one repeatable-read snapshot before it is answered.
 */
import { MONEY_MESSAGES, type StatementBalances, type StatementHeader, type StatementMove } from '@flexpay/shared-utility/src/pure';
import { balancesAfter, foldStatementMoves, type ProvenStatementFigures, provenStatementOf, startStatementChain, statementAggregateSql, statementChainSuspect, type StatementChainState, STATEMENT_MOVE_COLUMNS, statementMoveOf, statementRangeOf, type StatementReads } from '@flexpay/shared-utility/src/pure/rules/server';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DialectName } from '../../db/connect';
import type { Database } from '../../db/schema';
import { Code, Messages } from '../../http/codes';
import { ApiError, refusalOf, refuse } from '../../http/envelope';
import { type Row, ruled, toEpoch } from '../../resource/codec';
import { streamChunks } from '../../resource/stream';
import { formatDateTime } from '../../util/time';

/** What a statement is asked for: an enterprise × channel account over a range of days. */
export type StatementRequest = Pick<StatementHeader, 'entId' | 'channel' | 'from' | 'to'>;

interface ProvenStatement extends ProvenStatementFigures {
  range: { startMs: number; endMs: number };
}

/** The moves a proven range holds: an account's moves over the range between its first and last id. */
type Moves = Pick<ProvenStatement, 'entId' | 'channel' | 'range' | 'firstId' | 'lastId'>;

/** One aggregate read's row (undefined when none). */
async function aggregate(db: Kysely<Database>, query: RawBuilder<Row>): Promise<Row> {
  return (await query.execute(db)).rows[0];
}

/** The one-pass aggregate of a range's moves: the pure rules' own SQL (sums, fingerprints, the first bad move). */
const AGGREGATE = sql.raw(statementAggregateSql());
const moveById = (db: Kysely<Database>, id: number) => db.selectFrom('balance_log').select(STATEMENT_MOVE_COLUMNS).where('id', '=', id).executeTakeFirstOrThrow();

/** The proven range's moves in id order, read between its first and last id (a move written since is not among them). */
export const provenMoves = (db: Kysely<Database>, s: Moves) =>
  db
    .selectFrom('balance_log')
    .select(STATEMENT_MOVE_COLUMNS)
    .where('entId', '=', s.entId)
    .where('channel', '=', s.channel)
    .where('id', '>=', s.firstId ?? 0)
    .where('id', '<=', s.lastId ?? -1)
    .where('createdAt', '>=', s.range.startMs)
    .where('createdAt', '<', s.range.endMs)
    .orderBy('id');

const STREAM_CHUNK = 5000;

/**
 * The proven range's moves streamed oldest first and folded into the chain from `opening`, each chunk handed to
 * `each` with the count before it: the proof's walk on suspicion (naming the first bad move) and the export's rows.
 */
export async function walkMoves(db: Kysely<Database>, s: Moves, opening: StatementBalances, each?: (moves: StatementMove[], before: number) => Promise<void>): Promise<StatementChainState> {
  let chain = startStatementChain(opening);
  await streamChunks(provenMoves(db, s), STREAM_CHUNK, async (rows) => {
    const moves = rows.map(statementMoveOf);
    const before = chain.sums.count;
    chain = foldStatementMoves(chain, moves);
    await each?.(moves, before);
  });
  return chain;
}

/**
 * The statement of an account over [from, to], proven; throws 1001 when the account is not open and
 * 1009 with the refusal (naming the first bad move) when the proof fails. No scope check: callers do it.
 */
export async function proveAccountStatement(db: Kysely<Database>, request: StatementRequest, now: number): Promise<ProvenStatement> {
  const { entId, channel, from, to } = request;
  const w = { entId, channel, range: { startMs: toEpoch(from, false)!, endMs: toEpoch(to, true)! + 1 } };
  // Independent reads, side by side on a pool (one after the other inside a transaction).
  const [ent, account, channelRow, before, agg, paid] = await Promise.all([
    db.selectFrom('ent').select(['entName', 'entCode']).where('id', '=', entId).executeTakeFirst(),
    db.selectFrom('ent_account').select(['availableFen', 'lockedFen']).where('entId', '=', entId).where('channel', '=', channel).executeTakeFirst(),
    db.selectFrom('pay_channel').select('name').where('channel', '=', channel).executeTakeFirst(),
    // The opening: the last move before the range.
    aggregate(db, sql<Row>`SELECT "availAfterFen", "lockedAfterFen" FROM balance_log
      WHERE "entId" = ${entId} AND channel = ${channel} AND "createdAt" < ${w.range.startMs}
      ORDER BY "createdAt" DESC, id DESC LIMIT 1`),
    // One pass: sums by type and kind, the first move that does not move as its type says, and the
    // balance fingerprints of every before and after (the chain check without walking it).
    aggregate(db, sql<Row>`SELECT ${AGGREGATE} FROM balance_log WHERE "entId" = ${entId} AND channel = ${channel} AND "createdAt" >= ${w.range.startMs} AND "createdAt" < ${w.range.endMs}`),
    // The order lines paid in the range (their deducts' time) with the fee log of those lines, in one scan:
    // a paid line has exactly one fee-log row (its charge; only failed lines are reversed), so the join
    // neither drops nor repeats lines — a line without its row leaves 服务费 short of the fee log's sum.
    aggregate(db, sql<Row>`SELECT coalesce(sum(d."payeeFen"), 0) AS payee, coalesce(sum(d."feeFen"), 0) AS fee, coalesce(sum(d."lockFen"), 0) AS lock,
        coalesce(sum(f."entFeeFen"), 0) AS "feeLog"
      FROM order_detail d LEFT JOIN calc_fee_log f ON f."orderNo" = d."orderNo" AND f."rowNo" = d."rowNo" AND f."entId" = d."entId"
      WHERE d."entId" = ${entId} AND d."payChannel" = ${channel} AND d.status = 20 AND d."resultAt" >= ${w.range.startMs} AND d."resultAt" < ${w.range.endMs}`),
  ]);
  if (!ent) return refuse(Code.OUT_OF_SCOPE, Messages.outOfScope);
  if (!account) return refuse(Code.VALIDATION, MONEY_MESSAGES.noAccount);
  const reads: StatementReads = { ent, account, channelRow, before, agg, paid };
  const { opening, firstId, lastId } = statementRangeOf(reads);
  let closing = opening;
  let chainProblem: string | null = null;
  if (firstId !== null && lastId !== null) {
    const [first, last] = await Promise.all([moveById(db, firstId), moveById(db, lastId)]);
    closing = balancesAfter(last);
    if (statementChainSuspect(opening, statementMoveOf(first), closing, agg))
      chainProblem = (await walkMoves(db, { ...w, firstId, lastId }, opening)).bad?.message ?? '各笔变动的前后余额无法衔接';
  }
  return { ...ruled(provenStatementOf(request, reads, closing, chainProblem, formatDateTime(now)!.slice(0, 10)), Code.CONFLICT), range: w.range };
}

/** Runs `work` in one snapshot: repeatable read on PostgreSQL; SQLite's read transaction is one already. */
export async function inSnapshot<T>(db: Kysely<Database>, dialect: DialectName, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  const tx = dialect === 'postgres' ? db.transaction().setIsolationLevel('repeatable read') : db.transaction();
  return tx.execute((trx) => work(trx as unknown as Kysely<Database>));
}

/**
 * The statement proven by reads side by side on the pool, then `read` on the same connection kind. A move
 * landing between the reads can only make the figures disagree (refused), never agree wrongly, so a
 * refusal (1009) is confirmed — and read — again under one snapshot before it is answered.
 */
export async function provenThen<T>(db: Kysely<Database>, dialect: DialectName, request: StatementRequest, now: number, read: (db: Kysely<Database>, s: ProvenStatement) => Promise<T>): Promise<T> {
  const statement = await refusalOf(proveAccountStatement(db, request, now));
  if (statement instanceof ApiError && statement.code !== Code.CONFLICT) throw statement;
  return statement instanceof ApiError ? inSnapshot(db, dialect, async (trx) => read(trx, await proveAccountStatement(trx, request, now))) : read(db, statement);
}
