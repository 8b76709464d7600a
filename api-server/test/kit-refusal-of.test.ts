/**
 * refusalOf (http/envelope.ts): a piece of work's answer, or the refusal it ended with as a value; any other
 * error is thrown on (the month's statement mail names a channel it could not prove; the proof retries a 1009).
 */
import { Code } from '../src/http/codes';
import { ApiError, refusalOf, refuse } from '../src/http/envelope';

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
