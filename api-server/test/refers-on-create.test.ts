/**
 * resource/kept-while.ts `refersTo` with `on: 'create'` (issue 23, helper EB): a reference no update writes
 * (a merchant's supplier, an enterprise's parent) is checked when the record is created only, so a later
 * change of the row it names (a supplier disabled since) does not refuse the record's other edits.
 */
import { Code } from '../src/http/codes';
import { ApiError } from '../src/http/envelope';
import { type RefersTo, refuseUnlessReferring } from '../src/resource/kept-while';
import { createTestContext, DIALECTS, type TestContext } from './support/app';

describe.each(DIALECTS)('refersTo on create on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  }, 60_000);
  afterAll(() => ctx.close());

  const refusal = async (refs: RefersTo[], next: Record<string, unknown>, created: boolean) => {
    try {
      await refuseUnlessReferring(ctx.db as never, refs, next, created);
      return null;
    } catch (error) {
      return error instanceof ApiError ? { code: error.code, message: error.message } : error;
    }
  };

  test('a create-only reference is checked on create, not on update; others on both', async () => {
    const merchant = await ctx.db.selectFrom('mercht').select(['id', 'supplierId']).where('merchtType', '=', 0).executeTakeFirstOrThrow();
    const next = { id: merchant.id, supplierId: merchant.supplierId };
    // No supplier is in status 99: the reference finds no row.
    const ref = (on?: 'create'): RefersTo[] => [{ table: 'mercht', column: 'supplierId', where: { merchtType: 300, status: 99 }, message: '所属供应商须为类型300的有效供应商', on }];
    expect(await refusal(ref('create'), next, true)).toEqual({ code: Code.VALIDATION, message: '所属供应商须为类型300的有效供应商' });
    expect(await refusal(ref('create'), next, false)).toBeNull();
    expect(await refusal(ref(), next, false)).toEqual({ code: Code.VALIDATION, message: '所属供应商须为类型300的有效供应商' });
    expect(await refusal([{ table: 'mercht', column: 'supplierId', where: { merchtType: 300 }, message: 'x', on: 'create' }], next, true)).toBeNull();
  });

  test('a reference with `when` is checked only for records holding those values', async () => {
    const merchant = await ctx.db.selectFrom('mercht').select(['id', 'supplierId']).where('merchtType', '=', 0).executeTakeFirstOrThrow();
    const ref: RefersTo[] = [{ table: 'mercht', column: 'supplierId', where: { status: 99 }, message: '须为有效供应商', when: { merchtType: 0 } }];
    expect(await refusal(ref, { supplierId: merchant.supplierId, merchtType: 0 }, true)).toEqual({ code: Code.VALIDATION, message: '须为有效供应商' });
    expect(await refusal(ref, { supplierId: merchant.supplierId, merchtType: 300 }, true)).toBeNull();
  });
});
