/**
 * refusalOf (http/envelope.ts): a piece of work's answer, or the refusal it ended with as a value; any other
 * error is thrown on (the month's statement mail names a channel it could not prove; the proof retries a 1009).
 * orRefuse: a pure rule's answer, or its `{ error }` refused with 1001 (or the code given).
 */
import { Code } from '../src/http/codes';
import { ApiError, orRefuse, refusalOf, refuse } from '../src/http/envelope';

describe('refusalOf', () => {
  test('the answer when the work succeeds', async () => {
    expect(await refusalOf(Promise.resolve(42))).toBe(42);
  });
  test('the ApiError when the work is refused, with its code and message', async () => {
    const refused = await refusalOf((async () => refuse(Code.CONFLICT, '对账单无法生成'))());
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ code: Code.CONFLICT, message: '对账单无法生成' });
  });
  test('any other error is thrown on', async () => {
    await expect(refusalOf(Promise.reject(new TypeError('boom')))).rejects.toThrow('boom');
  });
});

describe('orRefuse', () => {
  const thrown = (work: () => unknown) => {
    try {
      work();
    } catch (error) {
      return error;
    }
    return null;
  };
  test("the rule's answer as it is", () => {
    const answer: { from: string } | { error: string } = { from: '2026-10-01' };
    expect(orRefuse(answer)).toEqual({ from: '2026-10-01' });
  });
  test('its error refused: 1001 unless a code is given', () => {
    expect(thrown(() => orRefuse({ error: '请选择开始日期' }))).toMatchObject({ code: Code.VALIDATION, message: '请选择开始日期' });
    expect(thrown(() => orRefuse({ error: '对账单无法生成' }, Code.CONFLICT))).toMatchObject({ code: Code.CONFLICT, message: '对账单无法生成' });
  });
});
