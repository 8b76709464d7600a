/**
 * 对账单 (issue 25): an enterprise × channel statement over a date range, proven equal to the ledger
 * before it is shown (shared-utility rules/statement.ts holds the proof). Routes under the ledger's
 * query code (18650), scoped like the enterprise's records: SYS all, SPR its enterprises, MER its own
 * and its sub-merchants' enterprises, ENT itself and (a parent) its sub-enterprises; 3002 outside.
 *
 * - `ent/query/statement/get {entId, channel, from, to, page?}`: header, opening, totals, closing and
 *   count over the whole range; `lines` paged (`page {limit, pageNum}`, default 20 per page: rules/statement-proof.ts statementPageOf).
 * - `ent/query/statement/genExportExcelToken` + GET `ent/query/statement/export?token=`: the xlsx (a
 *   summary sheet, and the moves streamed into a second sheet, re-proven move by move as they are read).
 *
 * The proof is statement-proof.ts, the xlsx statement-export.ts.
 */
import { balanceLog, checkStatementRange } from '@flexpay/shared-utility/src/pure';
import { statementAnswerOf, statementMoveOf, statementPageOf } from '@flexpay/shared-utility/src/pure/rules/server';
import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/connect';
import type { Database } from '../../db/schema';
import { type AppDeps, type RouteSpec, type SignedInContext, signed } from '../../http/guard';
import { type Row, ruled } from '../../resource/codec';
import { entChannelOf } from '../../resource/ent-channel';
import { tokenExport } from '../../resource/export';
import { formatDateTime } from '../../util/time';
import { visibleEnt } from '../org-scope';
import { statementWorkbook } from './statement-export';
import { provenMoves, provenThen, type StatementRequest } from './statement-proof';

const STATEMENT_PATH = 'ent/query/statement';
/** The ledger's query code (收支记录). */
const STATEMENT_CODE = balanceLog.codes.query;

/** One page of a proven statement in its wire shape (the get route, and the bench). */
export async function statementPage(db: Kysely<Database>, dialect: DialectName, request: StatementRequest, page: { limit: number; pageNum: number }, now: number) {
  return provenThen(db, dialect, request, now, async (reader, s) =>
    statementAnswerOf(s, (await provenMoves(reader, s).limit(page.limit).offset((page.pageNum - 1) * page.limit).execute()).map(statementMoveOf)),
  );
}

export function statementRoutes(deps: AppDeps): RouteSpec[] {
  const { db, dialect } = deps;
  /** The asked statement (enterprise, channel, range: 1001 with the first problem's Chinese message) of an enterprise the caller sees (3002 outside). */
  async function asked(ctx: SignedInContext, body: Row): Promise<StatementRequest> {
    const { entId, channel } = entChannelOf(body, 'typed');
    const range = ruled(checkStatementRange(body.from, body.to, formatDateTime(ctx.now)!.slice(0, 10)));
    await visibleEnt(db, ctx.caller, entId);
    return { entId, channel, from: range.from, to: range.to };
  }
  const get = signed(async (ctx) => {
    const page = ruled(statementPageOf(ctx.body.page));
    return statementPage(db, dialect, await asked(ctx, ctx.body), page, ctx.now);
  });
  return [
    { path: `${STATEMENT_PATH}/get`, perm: STATEMENT_CODE, handler: get },
    ...tokenExport(deps, {
      path: STATEMENT_PATH,
      perm: STATEMENT_CODE,
      fallback: 'statement.xlsx',
      // Proven before the token is handed out, so a statement that cannot be proven is refused here.
      prepare: async (ctx) => {
        const request = await asked(ctx, ctx.body);
        return { query: request, answer: { total: await provenThen(db, dialect, request, ctx.now, async (_reader, s) => s.count) } };
      },
      file: async (ctx, body) => statementWorkbook(db, dialect, await asked(ctx, body), ctx.now),
    }),
  ];
}
