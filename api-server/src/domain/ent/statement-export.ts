/**
 * 对账单's export (issue 25): the proven statement as an xlsx — a summary sheet, and the moves streamed
 * into a second sheet, re-proven move by move as they are read (served by statement.ts's export route).
 * Both sheets' rows are the pure rules' (rules/statement-proof.ts statementSummaryRows, statementMoveCells).
 */
import { STATEMENT_MOVE_HEADER, statementMoveCells, statementSummaryRows, walkedStatementRefusal } from '@flexpay/shared-utility/src/pure/rules/server';
import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/connect';
import type { Database } from '../../db/schema';
import { Code } from '../../http/codes';
import { refuse } from '../../http/envelope';
import { exportFileName } from '../../resource/export';
import { XlsxSheetWriter } from '../../resource/xlsx-stream';
import { formatDateTime } from '../../util/time';
import { inSnapshot, proveAccountStatement, type StatementRequest, walkMoves } from './statement-proof';

/** The statement as an xlsx: a summary sheet, then every move streamed and proven again as it is written. */
export async function statementWorkbook(db: Kysely<Database>, dialect: DialectName, request: StatementRequest, now: number): Promise<{ bytes: Buffer; name: string }> {
  return inSnapshot(db, dialect, async (trx) => {
    const statement = await proveAccountStatement(trx, request, now);
    const sheet = new XlsxSheetWriter(STATEMENT_MOVE_HEADER, '变动明细', [{ name: '对账汇总', rows: statementSummaryRows(statement, formatDateTime(now)!), widths: [16, 90] }]);
    // The file holds exactly the moves whose chain was checked as they were read (walkMoves).
    const chain = await walkMoves(trx, statement, statement.opening, (moves, before) => sheet.addRows(moves.map((m, i) => statementMoveCells(m, before + i + 1))));
    const refusal = walkedStatementRefusal(chain, statement);
    if (refusal) refuse(Code.CONFLICT, refusal);
    return { bytes: await sheet.finish(), name: exportFileName(`对账单_${statement.statementNo}`, now) };
  });
}
