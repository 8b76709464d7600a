import { type StatementMove } from '@flexpay/shared-utility/src/pure';
import { badMoveSql, foldStatementMoves, startStatementChain, statementMoveProblem, statementSumsOf, statementSumsSql } from '@flexpay/shared-utility/src/pure/rules/server';
import SQLite from 'better-sqlite3';

/** The statement's SQL (badMoveSql, statementSumsSql) is derived from the pure rules: it flags and sums what they do. */
describe('the statement proof’s SQL agrees with its pure rules', () => {
  const move = (type: number, amount: number, availBefore: number, availAfter: number, lockedBefore: number, lockedAfter: number, bizType: number): StatementMove =>
    ({ type, amount, availBefore, availAfter, lockedBefore, lockedAfter, bizType, bizNo: 'B' }) as StatementMove;
  const moves = [
    move(0, 500, 0, 500, 0, 0, 10), // recharge
    move(1, 200, 500, 300, 0, 200, 20), // order lock
    move(3, 150, 300, 300, 200, 50, 20), // order deduct
    move(2, 50, 300, 350, 50, 0, 20), // unlock
    move(1, 100, 350, 250, 0, 100, 30), // refund lock
    move(3, 100, 250, 250, 100, 0, 30), // refund deduct
    move(0, 0, 250, 250, 0, 0, 10), // moves nothing
    move(7, 10, 250, 260, 0, 0, 10), // no such type
    move(0, 10, 250, 270, 0, 0, 10), // after does not follow the amount
    move(3, 10, 270, 260, 0, -10, 20), // a deduct that takes from available
  ];
  const db = new SQLite(':memory:');
  db.exec('CREATE TABLE balance_log (id INTEGER PRIMARY KEY, type INTEGER, "amountFen" INTEGER, "availBeforeFen" INTEGER, "availAfterFen" INTEGER, "lockedBeforeFen" INTEGER, "lockedAfterFen" INTEGER, "bizType" INTEGER)');
  const insert = db.prepare('INSERT INTO balance_log (type, "amountFen", "availBeforeFen", "availAfterFen", "lockedBeforeFen", "lockedAfterFen", "bizType") VALUES (?, ?, ?, ?, ?, ?, ?)');
  for (const m of moves) insert.run(m.type, m.amount, m.availBefore, m.availAfter, m.lockedBefore, m.lockedAfter, m.bizType);

  test('badMoveSql flags exactly the moves whose own change breaks their type', () => {
    const flagged = (db.prepare(`SELECT id FROM balance_log WHERE ${badMoveSql()} ORDER BY id`).all() as Array<{ id: number }>).map((r) => r.id);
    const expected = moves.flatMap((m, i) => (statementMoveProblem({ available: m.availBefore, locked: m.lockedBefore }, m) ? [i + 1] : []));
    expect(expected).toEqual([7, 8, 9, 10]);
    expect(flagged).toEqual(expected);
  });

  test('statementSumsSql sums by type and kind as foldStatementMoves does', () => {
    const row = db.prepare(`SELECT ${statementSumsSql()} FROM balance_log`).get() as Record<string, unknown>;
    expect(statementSumsOf(row)).toEqual(foldStatementMoves(startStatementChain({ available: 0, locked: 0 }), moves).sums);
    expect(statementSumsOf(row)).toMatchObject({ count: 10, recharge: 510, orderDeduct: 160, refund: 100 });
  });
});
