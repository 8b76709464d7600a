/**
 * Issue 22 item 7: 收支记录 reads as a ledger — each move's time first, then the move in words with what
 * it does to the balances, and the balances after it; 收支记录(简) shows each business number's time.
 */
import groups from '../../src/ent/balanceLog.screen';
import { MOVE_EXPLAINED } from '../../src/ent/balance-move-type';

type Declared = { list: string[]; actions: Array<{ kind: string; key?: string; screen?: Declared & { columns?: Record<string, { render?: unknown }> } }> };

test('明细 lists time first, the move type in words with an explanation, and 可用/锁定 after each move', () => {
  const moves = (groups as unknown as Declared).actions.find((a) => a.key === 'moves')!.screen!;
  expect(moves.list[0]).toBe('createdAt');
  expect(moves.list).toEqual(expect.arrayContaining(['type', 'amount', 'availAfter', 'lockedAfter']));
  expect(moves.columns?.type?.render).toEqual(expect.any(Function));
  expect(MOVE_EXPLAINED[1]).toContain('锁定');
  expect(MOVE_EXPLAINED[2]).toContain('解锁');
  expect(MOVE_EXPLAINED[3]).toContain('扣减');
});

test('收支记录(简) shows the time of each business number first', () => {
  expect((groups as unknown as Declared).list[0]).toBe('lastAt');
});
