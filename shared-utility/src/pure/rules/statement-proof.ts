/**
 * 对账单's proof and its answers (issue 25), run by the server only: the chain, sums and kinds checks over
 * the range's moves, the wire shape of a proven statement and the month's mail. Split from statement.ts
 * (the range, quick picks, number and figures the screen uses too) so the browser bundle does not carry it.
 */
import { ENUMS, enumLabel } from '../enums';
import { formatFen } from '../money';
import type { BalanceOpType } from './ledger';
import { STATEMENT_MESSAGES, type StatementAnswer, type StatementBalances, statementFigures, type StatementHeader, type StatementMove, type StatementSums, type StatementSummary, statementNo } from './statement';

/** How each move type changes [available, locked] per fen (DOMAIN.md §3). */
const EFFECT: Record<number, readonly [number, number]> = { 0: [1, 0], 1: [-1, 1], 2: [1, -1], 3: [0, -1] };

const yuan = (fen: number) => {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

/** The problem of one move after `previous` (the opening or the previous move's after), or null. */
export function statementMoveProblem(previous: StatementBalances, move: StatementMove): string | null {
  if (move.availBefore !== previous.available || move.lockedBefore !== previous.locked)
    return `变动前余额（可用${yuan(move.availBefore)}元，锁定${yuan(move.lockedBefore)}元）与上一笔变动后余额（可用${yuan(previous.available)}元，锁定${yuan(previous.locked)}元）不一致`;
  const effect = EFFECT[move.type];
  if (!effect || !Number.isSafeInteger(move.amount) || move.amount <= 0) return `变动类型或金额无效`;
  if (move.availAfter !== move.availBefore + effect[0] * move.amount || move.lockedAfter !== move.lockedBefore + effect[1] * move.amount)
    return `变动后余额与变动金额${yuan(move.amount)}元不符`;
  return null;
}

/**
 * A fingerprint of a balance pair, for checking a long chain without walking it: when every move's
 * before is the previous move's after, the multiset of befores is the opening plus every after but
 * the last, so Σ h(before) − h(opening) = Σ h(after) − h(closing). The server sums it in SQL (the same
 * integer arithmetic, `%` truncating toward zero in SQLite, PostgreSQL and BigInt alike) and walks the
 * chain move by move only when the sums disagree, to name the first bad move.
 */
export function balanceFingerprint(available: number | bigint, locked: number | bigint): bigint {
  const h = (BigInt(available) % 1000003n) * 1000003n + (BigInt(locked) % 1000003n);
  return ((h % 1000000007n) * (h % 999999937n)) % 2147483647n;
}

/** The same fingerprint as SQL over two integer columns. */
export function balanceFingerprintSql(available: string, locked: string): string {
  const h = `((${available} % 1000003) * 1000003 + (${locked} % 1000003))`;
  return `(((${h} % 1000000007) * (${h} % 999999937)) % 2147483647)`;
}

/** The same rule as statementMoveProblem's own part, as SQL over balance_log's columns: a move that does not move as its type says (EFFECT). */
export function badMoveSql(): string {
  const change = (i: 0 | 1) => `CASE type ${Object.entries(EFFECT).filter(([, e]) => e[i] !== 0).map(([type, e]) => `WHEN ${type} THEN ${e[i] < 0 ? '-' : ''}"amountFen"`).join(' ')} ELSE 0 END`;
  return `("amountFen" <= 0 OR type NOT IN (${Object.keys(EFFECT).join(', ')}) OR "availAfterFen" - "availBeforeFen" <> ${change(0)} OR "lockedAfterFen" - "lockedBeforeFen" <> ${change(1)})`;
}

/** foldStatementMoves' sums as one SQL pass over balance_log (count, t0…t3 by type, and STATEMENT_KINDS); read back with statementSumsOf. */
export function statementSumsSql(): string {
  const sums = [...Object.keys(EFFECT).map((type) => [`t${type}`, `type = ${type}`]), ...Object.entries(STATEMENT_KINDS).map(([kind, [type, biz]]) => [kind, `type = ${type} AND "bizType" = ${biz}`])];
  return ['count(*) AS "count"', ...sums.map(([as, when]) => `coalesce(sum(CASE WHEN ${when} THEN "amountFen" ELSE 0 END), 0) AS "${as}"`)].join(', ');
}

/**
 * The one-pass aggregate over a range's moves (select list over balance_log): first and last id, the fingerprints
 * of every before and every after, statementSumsSql's sums and the first move that does not move as its type says.
 */
export function statementAggregateSql(): string {
  const hash = (side: 'Before' | 'After') => `coalesce(sum(${balanceFingerprintSql(`"avail${side}Fen"`, `"locked${side}Fen"`)}), 0) AS "hash${side}"`;
  return `min(id) AS "firstId", max(id) AS "lastId", ${hash('Before')}, ${hash('After')}, ${statementSumsSql()}, min(CASE WHEN ${badMoveSql()} THEN id END) AS "badId"`;
}

/**
 * Whether a range's moves must be walked to name the bad one (statementAggregateSql's row): its first move does not
 * start at the opening, a move does not move as its type says, or Σ h(before) − h(opening) ≠ Σ h(after) − h(closing).
 */
export function statementChainSuspect(opening: StatementBalances, first: StatementMove, closing: StatementBalances, agg: Record<string, unknown>): boolean {
  const fingerprints = BigInt(String(agg.hashBefore)) - balanceFingerprint(opening.available, opening.locked) === BigInt(String(agg.hashAfter)) - balanceFingerprint(closing.available, closing.locked);
  return statementMoveProblem(opening, first) !== null || (agg.badId !== null && agg.badId !== undefined) || !fingerprints;
}

/** The sums of statementSumsSql's row (numbers, or numeric text from PostgreSQL). */
export function statementSumsOf(row: Record<string, unknown>): StatementSums {
  const kinds = Object.fromEntries(Object.keys(STATEMENT_KINDS).map((kind) => [kind, Number(row[kind])])) as Pick<StatementSums, keyof typeof STATEMENT_KINDS>;
  return { count: Number(row.count), byType: [0, 1, 2, 3].map((type) => Number(row[`t${type}`])) as StatementSums['byType'], ...kinds };
}

/** "第N笔变动（业务编号 X，时间 T）" */
export function nameStatementMove(index: number, move: Pick<StatementMove, 'bizNo' | 'time'>): string {
  return `第${index}笔变动（业务编号${move.bizNo}${move.time ? `，${move.time}` : ''}）`;
}

/** The refusal message of a statement whose first problem is `problem`. */
export function statementRefusal(problem: string): string {
  return `${STATEMENT_MESSAGES.refusedPrefix}${problem}，${STATEMENT_MESSAGES.contact}`;
}

export const emptyStatementSums = (): StatementSums => ({ count: 0, byType: [0, 0, 0, 0], recharge: 0, orderDeduct: 0, refund: 0 });

/** The statement's kinds of move, declared once for the walk below and the server's one-pass SQL sums: [move type, business type]. */
export const STATEMENT_KINDS = { recharge: [0, 10], orderDeduct: [3, 20], refund: [3, 30] } as const satisfies Record<'recharge' | 'orderDeduct' | 'refund', readonly [number, number]>;

/**
 * Folds moves (oldest first) into the running balance and the sums, checking the chain as it goes.
 * Feed it in chunks (the export streams the range): pass the previous answer back as `state`.
 */
export interface StatementChainState {
  balance: StatementBalances;
  sums: StatementSums;
  /** The first bad move: its 1-based position in the range and the problem. */
  bad: { index: number; message: string } | null;
}

export function startStatementChain(opening: StatementBalances): StatementChainState {
  return { balance: { ...opening }, sums: emptyStatementSums(), bad: null };
}

export function foldStatementMoves(state: StatementChainState, moves: readonly StatementMove[]): StatementChainState {
  const { sums } = state;
  let { balance, bad } = state;
  for (const move of moves) {
    sums.count += 1;
    if (!bad) {
      const problem = statementMoveProblem(balance, move);
      if (problem) bad = { index: sums.count, message: `${nameStatementMove(sums.count, move)}${problem}` };
    }
    if (EFFECT[move.type]) sums.byType[move.type] += move.amount;
    for (const [kind, [type, bizType]] of Object.entries(STATEMENT_KINDS)) if (move.type === type && move.bizType === bizType) sums[kind as keyof typeof STATEMENT_KINDS] += move.amount;
    balance = { available: move.availAfter, locked: move.lockedAfter };
  }
  return { balance, sums, bad };
}

/** Opening + Σ moves of each type. */
export function statementClosing(opening: StatementBalances, byType: StatementSums['byType']): StatementBalances {
  return { available: opening.available + byType[0] - byType[1] + byType[2], locked: opening.locked + byType[1] - byType[2] - byType[3] };
}

/** What the range's paid order lines and their fee log say (fen). */
export interface PayoutEvidence {
  /** Σ payee of the order lines paid in the range (代发金额). */
  payee: number;
  /** Σ fee of those lines (服务费). */
  fee: number;
  /** Σ lock of those lines: what their deducts took. */
  lock: number;
  /** Σ entFee of the fee log rows of those lines (charges and reversals). */
  feeLog: number;
}

export interface StatementFacts {
  opening: StatementBalances;
  /** The last move's after (the opening when the range has no move). */
  closing: StatementBalances;
  sums: StatementSums;
  /** The first chain problem found while reading the moves, already named. */
  chainProblem?: string | null;
  payout: PayoutEvidence;
  /** The account's balance now, when the range ends today (or later). */
  accountNow?: StatementBalances | null;
}

export interface StatementTotals {
  recharge: number;
  payout: number;
  fee: number;
  refund: number;
}

/**
 * The proof of a statement: its totals, or the refusal of its first failing check.
 */
export function proveStatement(facts: StatementFacts): { totals: StatementTotals } | { error: string } {
  const { opening, closing, sums, payout } = facts;
  if (facts.chainProblem) return { error: statementRefusal(facts.chainProblem) };
  const summed = statementClosing(opening, sums.byType);
  if (summed.available !== closing.available || summed.locked !== closing.locked)
    return { error: statementRefusal(`期初余额加本期变动（可用${yuan(summed.available)}元，锁定${yuan(summed.locked)}元）与期末余额（可用${yuan(closing.available)}元，锁定${yuan(closing.locked)}元）不一致`) };
  if (facts.accountNow && (facts.accountNow.available !== closing.available || facts.accountNow.locked !== closing.locked))
    return { error: statementRefusal(`期末余额与账户当前余额（可用${yuan(facts.accountNow.available)}元，锁定${yuan(facts.accountNow.locked)}元）不一致`) };
  if (payout.lock !== sums.orderDeduct || payout.payee + payout.fee !== sums.orderDeduct)
    return { error: statementRefusal(`代发扣款${yuan(sums.orderDeduct)}元与本期成功代发明细（实发${yuan(payout.payee)}元＋服务费${yuan(payout.fee)}元）不一致`) };
  if (payout.feeLog !== payout.fee) return { error: statementRefusal(`服务费${yuan(payout.fee)}元与计费记录${yuan(payout.feeLog)}元不一致`) };
  const totals = { recharge: sums.recharge, payout: payout.payee, fee: payout.fee, refund: sums.refund };
  const openingTotal = opening.available + opening.locked;
  const closingTotal = closing.available + closing.locked;
  if (openingTotal + totals.recharge - totals.payout - totals.fee - totals.refund !== closingTotal)
    return { error: statementRefusal(`期初余额${yuan(openingTotal)}元＋充值入账−代发金额−服务费−退款与期末余额${yuan(closingTotal)}元不一致`) };
  return { totals };
}

/** A proven statement: its summary, and the range's first and last move ids (its lines are read between them). */
export interface ProvenStatementFigures extends StatementSummary {
  firstId: number | null;
  lastId: number | null;
}

/** The balances after a balance_log row (availAfterFen, lockedAfterFen); 0/0 for none (a range with no move before it). */
export const balancesAfter = (row?: Record<string, unknown>): StatementBalances => (row ? { available: Number(row.availAfterFen), locked: Number(row.lockedAfterFen) } : { available: 0, locked: 0 });

/** What the proof reads of an account over a range: its enterprise and channel, the last move before the range, the one-pass aggregate, the paid lines' sums, the account now. */
export interface StatementReads {
  ent: { entName: string; entCode: string };
  channelRow?: { name: string };
  before?: Record<string, unknown>;
  agg: Record<string, unknown>;
  paid: Record<string, unknown>;
  account: Record<string, unknown>;
}

/** The range's opening (the last move before it), sums and first and last move ids, from statementAggregateSql's row. */
export function statementRangeOf(reads: Pick<StatementReads, 'before' | 'agg'>): { opening: StatementBalances; sums: StatementSums; firstId: number | null; lastId: number | null } {
  const id = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return { opening: balancesAfter(reads.before), sums: statementSumsOf(reads.agg), firstId: id(reads.agg.firstId), lastId: id(reads.agg.lastId) };
}

/**
 * The statement asked (an enterprise × channel over [from, to]) proven from its reads, the range's closing and the chain
 * problem the walk named, or the refusal of its first failing check. The account's balance now is compared when the
 * range ends `today` or later.
 */
export function provenStatementOf(
  request: Pick<StatementHeader, 'entId' | 'channel' | 'from' | 'to'>,
  reads: StatementReads,
  closing: StatementBalances,
  chainProblem: string | null,
  today: string,
): ProvenStatementFigures | { error: string } {
  const { opening, sums, firstId, lastId } = statementRangeOf(reads);
  const payout = Object.fromEntries(['payee', 'fee', 'lock', 'feeLog'].map((k) => [k, Number(reads.paid[k])])) as unknown as PayoutEvidence;
  const accountNow = request.to >= today ? { available: Number(reads.account.availableFen), locked: Number(reads.account.lockedFen) } : null;
  const proof = proveStatement({ opening, closing, sums, chainProblem, payout, accountNow });
  if ('error' in proof) return proof;
  const { entName, entCode } = reads.ent;
  const header = { ...request, statementNo: statementNo(entCode, request.channel, request.from, request.to), entName, entCode, channelName: reads.channelRow?.name ?? String(request.channel) };
  return { ...header, opening, closing, totals: proof.totals, count: sums.count, firstId, lastId };
}

/** The refusal of a proven statement's moves as walked again (the export's rows): the first bad move, or a count or closing that is not the summary's; null when they agree. */
export function walkedStatementRefusal(chain: StatementChainState, s: Pick<StatementSummary, 'count' | 'closing'>): string | null {
  if (chain.bad) return statementRefusal(chain.bad.message);
  const agrees = chain.sums.count === s.count && chain.balance.available === s.closing.available && chain.balance.locked === s.closing.locked;
  return agrees ? null : statementRefusal('导出的变动与对账单汇总不一致');
}

/** The wire shape of issue 25 §4 (money as yuan strings) of a proven statement and one page of its moves. */
export function statementAnswerOf(s: StatementSummary, moves: readonly StatementMove[]): StatementAnswer {
  const yuan = (b: { available: number; locked: number }) => ({ available: formatFen(b.available), locked: formatFen(b.locked) });
  return {
    statementNo: s.statementNo,
    entId: s.entId,
    entName: s.entName,
    channel: s.channel,
    channelName: s.channelName,
    from: s.from,
    to: s.to,
    opening: yuan(s.opening),
    closing: yuan(s.closing),
    totals: { recharge: formatFen(s.totals.recharge), payout: formatFen(s.totals.payout), fee: formatFen(s.totals.fee), refund: formatFen(s.totals.refund) },
    count: s.count,
    lines: moves.map((m) => ({
      time: m.time ?? '',
      bizType: m.bizType,
      bizNo: m.bizNo,
      type: m.type,
      amount: formatFen(m.amount),
      availableAfter: formatFen(m.availAfter),
      lockedAfter: formatFen(m.lockedAfter),
    })),
  };
}

/** The longest 对账单 mail (issue 25 §6); a longer one is cut with an ellipsis. */
export const STATEMENT_MAIL_MAX = 2000;

/** One channel's line of the month's 对账单 mail: its totals and closing balance (yuan). */
export function statementMailLine(s: StatementSummary): string {
  return `${s.channelName}（${s.statementNo}）：期初${formatFen(s.opening.available + s.opening.locked)}元，充值入账${formatFen(s.totals.recharge)}元，代发金额${formatFen(s.totals.payout)}元，服务费${formatFen(s.totals.fee)}元，退款${formatFen(s.totals.refund)}元，期末余额${formatFen(s.closing.available + s.closing.locked)}元（可用${formatFen(s.closing.available)}元，锁定${formatFen(s.closing.locked)}元），共${s.count}笔变动。`;
}

/** The month's 对账单 mail of one enterprise from its channels' lines, at most STATEMENT_MAIL_MAX characters. */
export function statementMailText(entName: string, range: { from: string; to: string }, lines: readonly string[]): string {
  const text = `【FlexPay】${entName} ${range.from} 至 ${range.to} 对账单摘要：\n${lines.join('\n')}\n完整对账单请登录 FlexPay 管理后台「企业管理 › 对账单」查看或下载。`;
  return text.length <= STATEMENT_MAIL_MAX ? text : `${text.slice(0, STATEMENT_MAIL_MAX - 1)}…`;
}


/** The balance_log columns a statement move is read from (the proof, the page, the xlsx, the ledger's checks). */
export const STATEMENT_MOVE_COLUMNS = ['id', 'type', 'amountFen', 'availBeforeFen', 'availAfterFen', 'lockedBeforeFen', 'lockedAfterFen', 'bizType', 'bizNo', 'createdAt'] as const;

/** 'yyyy-MM-dd HH:mm:ss' Asia/Shanghai (a fixed +08:00) of epoch ms. */
const shanghaiTime = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

/** A balance_log row (STATEMENT_MOVE_COLUMNS, fen) as a statement move, its time formatted to name a bad move. */
export const statementMoveOf = (r: Record<string, unknown>): StatementMove => ({
  type: Number(r.type) as BalanceOpType,
  amount: Number(r.amountFen),
  availBefore: Number(r.availBeforeFen),
  availAfter: Number(r.availAfterFen),
  lockedBefore: Number(r.lockedBeforeFen),
  lockedAfter: Number(r.lockedAfterFen),
  bizType: Number(r.bizType),
  bizNo: String(r.bizNo),
  time: r.createdAt === null || r.createdAt === undefined ? undefined : shanghaiTime(Number(r.createdAt)),
});

/** The xlsx's summary sheet (对账汇总): the header, balances, totals and the proof; `generatedAt` as the wire writes times. */
export function statementSummaryRows(s: StatementSummary, generatedAt: string): unknown[][] {
  return [
    ['对账单编号', s.statementNo],
    ['企业', `${s.entName}（${s.entCode}）`],
    ['支付通道', s.channelName],
    ['对账期间', `${s.from} 至 ${s.to}`],
    ['生成时间', generatedAt],
    [],
    ['项目', '金额(元)'],
    ...statementFigures(s).map((f) => [f.label, formatFen(f.value)]),
    ['变动笔数', String(s.count)],
    [],
    ['核对结果', '已通过：期初余额＋本期变动＝期末余额，逐笔变动前后余额衔接，代发金额与服务费与代发明细、计费记录一致'],
  ];
}

/** The xlsx's moves sheet (变动明细): its header, and the cells of the `n`th move. */
export const STATEMENT_MOVE_HEADER = ['序号', '时间', '业务类型', '业务编号', '变动类型', '变动金额(元)', '变动后可用(元)', '变动后锁定(元)'];
export const statementMoveCells = (m: StatementMove, n: number): unknown[] => [
  n,
  m.time,
  enumLabel(ENUMS.balanceBizType, m.bizType, String(m.bizType)),
  m.bizNo,
  enumLabel(ENUMS.balanceChange, m.type, String(m.type)),
  formatFen(m.amount),
  formatFen(m.availAfter),
  formatFen(m.lockedAfter),
];

/** 对账单's page: 20 moves by default, at most 1 000. */
export const STATEMENT_PAGE = { limit: 20, max: 1000 };
const wholeIn = (v: unknown, max: number): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 1 && v <= max;

/** 对账单's `page {limit, pageNum}` (both optional, JSON numbers only), or the first problem's message. */
export function statementPageOf(raw: unknown): { limit: number; pageNum: number } | { error: string } {
  if (raw === undefined || raw === null) return { limit: STATEMENT_PAGE.limit, pageNum: 1 };
  if (typeof raw !== 'object' || Array.isArray(raw)) return { error: '分页参数格式错误' };
  const { limit = STATEMENT_PAGE.limit, pageNum = 1 } = raw as Record<string, unknown>;
  if (!wholeIn(limit, STATEMENT_PAGE.max)) return { error: `每页条数须为1到${STATEMENT_PAGE.max}的整数` };
  if (!wholeIn(pageNum, 1_000_000)) return { error: '页码须为正整数' };
  return { limit, pageNum };
}

/** The month's 对账单 mail's subject (`month` yyyy-MM), at most 200 characters. */
export const statementMailSubject = (month: string, entName: string): string => `FlexPay 对账单 ${month.slice(0, 4)}年${Number(month.slice(5, 7))}月 · ${entName}`.slice(0, 200);
