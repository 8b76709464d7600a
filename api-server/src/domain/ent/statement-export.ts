/**
 * 对账单's export (issue 25): the proven statement as an xlsx — a summary sheet, and the moves streamed
 * into a second sheet, re-proven move by move as they are read (served by statement.ts's export route).
 */
import { ENUMS, enumLabel, formatFen, statementFigures } from '@flexpay/shared-utility/src/pure';
import { statementRefusal } from '@flexpay/shared-utility/src/pure/rules/server';
import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/connect';
import type { Database } from '../../db/schema';
import { Code } from '../../http/codes';
import { refuse } from '../../http/envelope';
import { exportFileName } from '../../resource/export';
import { XlsxSheetWriter } from '../../resource/xlsx-stream';
import { formatDateTime } from '../../util/time';
import { inSnapshot, type ProvenStatement, proveAccountStatement, type StatementRequest, walkMoves } from './statement-proof';

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
    ...statementFigures(s).map((f) => [f.label, formatFen(f.value)]),
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
    // The file holds exactly the moves whose chain was checked as they were read (walkMoves).
    const chain = await walkMoves(trx, statement, statement.opening, (moves, before) =>
      sheet.addRows(moves.map((m, i) => [before + i + 1, m.time, bizLabel(m.bizType), m.bizNo, typeLabel(m.type), formatFen(m.amount), formatFen(m.availAfter), formatFen(m.lockedAfter)])),
    );
    if (chain.bad) refuse(Code.CONFLICT, statementRefusal(chain.bad.message));
    if (chain.sums.count !== statement.count || chain.balance.available !== statement.closing.available || chain.balance.locked !== statement.closing.locked)
      refuse(Code.CONFLICT, statementRefusal('导出的变动与对账单汇总不一致'));
    return { bytes: await sheet.finish(), name: exportFileName(`对账单_${statement.statementNo}`, now) };
  });
}
