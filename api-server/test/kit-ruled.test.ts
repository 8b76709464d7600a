/** resource/codec.ts ruled: a pure rule's answer passes through; its `{ error }` is refused (1001 unless told). */
import { Code } from '../src/http/codes';
import { ApiError } from '../src/http/envelope';
import { ruled } from '../src/resource/codec';

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof ApiError ? [error.code, error.message] : error;
  }
  return null;
};

describe('ruled', () => {
  test('an answer without error is the answer itself', () => {
    const answer = { rows: [1, 2] };
    expect(ruled(answer)).toBe(answer);
  });

  test('an error is refused with its message: 1001, or the code given', () => {
    expect(refusal(() => ruled({ error: '请选择应用' }))).toEqual([Code.VALIDATION, '请选择应用']);
    expect(refusal(() => ruled({ error: '对账记录不连续' }, Code.CONFLICT))).toEqual([Code.CONFLICT, '对账记录不连续']);
  });
});
