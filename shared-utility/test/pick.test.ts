import { pick } from '../src/pure/entity';

describe('pick', () => {
  it('answers the named fields in the list’s order, a missing one as undefined, nothing else', () => {
    const row: Record<string, unknown> = { orderNo: 'PO1', status: 60, lockAmount: '1.00', secret: 'x' };
    const picked = pick(row, ['status', 'orderNo', 'failCount']);
    expect(Object.entries(picked)).toEqual([['status', 60], ['orderNo', 'PO1'], ['failCount', undefined]]);
    expect(pick(row, [])).toEqual({});
    const typed = pick({ entId: 1, month: '2026-11', other: true }, ['entId', 'month']);
    expect(typed.entId + 1).toBe(2);
  });
});
