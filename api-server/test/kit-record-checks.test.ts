/**
 * Kit v3 (issue 23, helper EB), on both databases: an entity's `checks` (pure rules on the whole record,
 * refused 1001 with the first one on create and update, before the resource's `check`), a field's `createdAs`
 * (the value every new record starts with, whatever the body says) and refersTo's `scope`/`takes` (a reference
 * in the caller's scope, 3002 otherwise, and the values the record takes from the row found, read on create first),
 * and `checkedAgainst` (each matching row of another table may refuse the record as written).
 */
import { defineEntity, recordRefusal, taxSource } from '@flexpay/shared-utility/src/pure';
import { scopeOf } from '../src/account/scope';
import { DEMO_USERS } from '../src/demo/demo-users';
import { Code } from '../src/http/codes';
import { ApiError } from '../src/http/envelope';
import type { Caller, SignedInContext } from '../src/http/guard';
import { defineResource } from '../src/resource/entity-resource';
import { type CheckedAgainst, type RefersTo, refuseAgainst, takeReferred } from '../src/resource/kept-while';
import { entScope } from '../src/domain/org-scope';
import { createTestContext, DIALECTS, type TestContext } from './support/app';

const LIMITS = '单笔限额不能超过个人月限额';
const checked = defineEntity({
  ...taxSource,
  name: 'checkedTaxSource',
  fields: { ...taxSource.fields, status: { ...taxSource.fields.status, createdAs: 1 } },
  // Money by field name, in fen as stored.
  checks: [(row) => (Number(row.singleLimit) > Number(row.monthlyLimit) ? LIMITS : null), (row) => (row.city === '无' ? '请填写城市' : null)],
});

test('recordRefusal answers the first declared refusal, or null', () => {
  expect(recordRefusal(checked, { singleLimit: 2, monthlyLimit: 1 })).toBe(LIMITS);
  expect(recordRefusal(checked, { singleLimit: 2, monthlyLimit: 1, city: '无' })).toBe(LIMITS);
  expect(recordRefusal(checked, { singleLimit: 1, monthlyLimit: 1, city: '无' })).toBe('请填写城市');
  expect(recordRefusal(checked, { singleLimit: 1, monthlyLimit: 1, city: '南京' })).toBeNull();
  expect(recordRefusal(taxSource, { singleLimit: 2, monthlyLimit: 1 })).toBeNull();
});

describe.each(DIALECTS)('kit checks, createdAs, refersTo scope/takes on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  }, 60_000);
  afterAll(() => ctx.close());

  const callerOf = async (username: string, codes: number[]): Promise<Caller> => {
    const user = await ctx.db.selectFrom('admin_user').selectAll().where('username', '=', username).executeTakeFirstOrThrow();
    return { user, perms: new Set(codes), scope: scopeOf(user) } as unknown as Caller;
  };
  const attempt = async (run: () => Promise<unknown>) => {
    try {
      return await run();
    } catch (error) {
      return error instanceof ApiError ? { code: error.code, message: error.message } : error;
    }
  };

  test('checks refuse a create and an update (1001); createdAs is written whatever the body says', async () => {
    const caller = await callerOf(DEMO_USERS.SYS, [10110, 10120]);
    const { resource } = defineResource({ db: ctx.db, dialect } as never, checked, { scope: (_c, qb) => qb, writers: ['SYS'] });
    const body = { name: `校验${dialect}`, province: '江苏', city: '南京', singleLimit: '2.00', monthlyLimit: '1.00', vatRate: '6.0000', status: 0 };
    const call = (what: 'create' | 'update', b: Record<string, unknown>) => attempt(() => resource[what]({ caller, body: b, now: Date.now() } as unknown as SignedInContext));
    expect(await call('create', body)).toEqual({ code: Code.VALIDATION, message: LIMITS });
    const made = (await call('create', { ...body, singleLimit: '1.00' })) as { id: number };
    const row = await ctx.db.selectFrom('tax_source').select(['status', 'singleLimitFen']).where('id', '=', made.id).executeTakeFirstOrThrow();
    expect([row.status, Number(row.singleLimitFen)]).toEqual([1, 100]);
    expect(await call('update', { id: made.id, singleLimit: '3.00' })).toEqual({ code: Code.VALIDATION, message: LIMITS });
  });

  test('a scoped reference refuses 3002 outside the caller scope; takes gives the found row values, an empty one refuses', async () => {
    const entCaller = await callerOf(DEMO_USERS.ENT, []);
    const own = await ctx.db.selectFrom('ent').select(['id', 'merchtId']).where('id', '=', entCaller.user.orgId!).executeTakeFirstOrThrow();
    const foreign = await ctx.db.selectFrom('ent').select('id').where('merchtId', '!=', own.merchtId).executeTakeFirstOrThrow();
    const scoped: RefersTo[] = [{ table: 'ent', column: 'entId', scope: entScope(ctx.db as never), takes: { merchtId: 'merchtId' } }];
    expect(await attempt(() => takeReferred(ctx.db as never, entCaller, scoped, { entId: own.id }))).toEqual({ merchtId: own.merchtId });
    expect(await attempt(() => takeReferred(ctx.db as never, entCaller, scoped, { entId: foreign.id }))).toEqual({ code: Code.OUT_OF_SCOPE, message: '无权查看相关数据' });
    // A supplier (type 300) has no supplier of its own: the taken column is empty, so the reference counts as none (1001).
    const supplier = await ctx.db.selectFrom('mercht').select('id').where('merchtType', '=', 300).executeTakeFirstOrThrow();
    const taking: RefersTo[] = [{ table: 'mercht', column: 'merchtId', takes: { supplierId: 'supplierId' }, message: '所属商户不存在或已停用' }];
    expect(await attempt(() => takeReferred(ctx.db as never, entCaller, taking, { merchtId: supplier.id }))).toEqual({ code: Code.VALIDATION, message: '所属商户不存在或已停用' });
    expect(await attempt(() => takeReferred(ctx.db as never, entCaller, taking, { merchtId: null }))).toEqual({});
  });

  test('checkedAgainst: every matching row may refuse, in order; the day of the write is passed on', async () => {
    const merchant = await ctx.db.selectFrom('mercht').select('id').where('merchtType', '=', 0).executeTakeFirstOrThrow();
    const days: string[] = [];
    const against = (refusal: CheckedAgainst['refusal']): CheckedAgainst[] => [{ table: 'mercht', match: { id: 'merchtId' }, where: { merchtType: 0 }, refusal }];
    expect(await attempt(() => refuseAgainst(ctx.db as never, against((next, theirs, today) => (days.push(today), theirs.id === next.merchtId ? '不低于底价' : null)), { merchtId: merchant.id }, '2026-11-27'))).toEqual({ code: Code.VALIDATION, message: '不低于底价' });
    expect(days).toEqual(['2026-11-27']);
    expect(await attempt(() => refuseAgainst(ctx.db as never, against(() => null), { merchtId: merchant.id }, '2026-11-27'))).toBeUndefined();
    expect(await attempt(() => refuseAgainst(ctx.db as never, against(() => '无行'), { merchtId: -1 }, '2026-11-27'))).toBeUndefined();
  });
});
