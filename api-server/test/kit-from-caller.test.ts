/**
 * Kit v3 (issue 23, helper EB): a field's `fromCaller` — the account types whose new records name their own
 * organisation there (the caller's orgId, over the body, before validation), and with `callerMayName` only when
 * the body names none; other types name it in the body (the field's `required` refuses when they do not).
 * The pure `callerOrgValues` and the server create (resource/entity-resource.ts), on both databases.
 */
import { callerOrgValues, defineEntity, taskCategory } from '@flexpay/shared-utility/src/pure';
import { scopeOf } from '../src/account/scope';
import { DEMO_USERS } from '../src/demo/demo-users';
import { Code } from '../src/http/codes';
import { ApiError } from '../src/http/envelope';
import type { Caller, SignedInContext } from '../src/http/guard';
import { defineResource } from '../src/resource/entity-resource';
import { createTestContext, DIALECTS, type TestContext } from './support/app';

const supplierField = { ...taskCategory.fields.supplierId, required: true, fromCaller: ['SPR'] as const };
const forced = defineEntity({ ...taskCategory, name: 'ownCategory', fields: { ...taskCategory.fields, supplierId: supplierField } });
const named = defineEntity({ ...taskCategory, name: 'namedCategory', fields: { ...taskCategory.fields, supplierId: { ...supplierField, callerMayName: true } } });

test('callerOrgValues: the own organisation for the declared types, over the body or only where it names none', () => {
  expect(callerOrgValues(forced, 'SPR', 7, { supplierId: 9 })).toEqual({ supplierId: 7 });
  expect(callerOrgValues(forced, 'SYS', 7, { supplierId: 9 })).toEqual({});
  expect(callerOrgValues(forced, null, 7, {})).toEqual({});
  expect(callerOrgValues(named, 'SPR', 7, { supplierId: 9 })).toEqual({});
  expect(callerOrgValues(named, 'SPR', 7, { supplierId: ' ' })).toEqual({ supplierId: 7 });
  expect(callerOrgValues(named, 'SPR', 7, {})).toEqual({ supplierId: 7 });
  expect(callerOrgValues(taskCategory, 'SPR', 7, {})).toEqual({});
});

describe.each(DIALECTS)('kit fromCaller on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  }, 60_000);
  afterAll(() => ctx.close());

  const callerOf = async (username: string): Promise<Caller> => {
    const user = await ctx.db.selectFrom('admin_user').selectAll().where('username', '=', username).executeTakeFirstOrThrow();
    return { user, perms: new Set([taskCategory.codes.query, taskCategory.codes.mgr]), scope: scopeOf(user) } as unknown as Caller;
  };
  const create = async (entity: typeof forced, caller: Caller, body: Record<string, unknown>) => {
    const { resource } = defineResource({ db: ctx.db, dialect } as never, entity, { scope: (_c, qb) => qb, writers: ['SYS', 'SPR'] });
    try {
      const made = (await resource.create({ caller, body, now: Date.now() } as unknown as SignedInContext)) as { id: number };
      return (await ctx.db.selectFrom('task_category').select('supplierId').where('id', '=', made.id).executeTakeFirstOrThrow()).supplierId;
    } catch (error) {
      return error instanceof ApiError ? { code: error.code } : error;
    }
  };

  test('SPR writes its own supplier whatever the body says; with callerMayName the one it names; SYS names one or is refused', async () => {
    const spr = await callerOf(DEMO_USERS.SPR);
    const sys = await callerOf(DEMO_USERS.SYS);
    const other = (await ctx.db.selectFrom('mercht').select('id').where('merchtType', '=', 300).where('id', '!=', spr.user.orgId!).executeTakeFirstOrThrow()).id;
    const body = (n: number, supplierId?: unknown) => ({ categoryName: `自带${dialect}${n}`, ...(supplierId === undefined ? {} : { supplierId }) });
    expect(await create(forced, spr, body(1, other))).toBe(spr.user.orgId);
    expect(await create(forced, spr, body(2))).toBe(spr.user.orgId);
    expect(await create(named, spr, body(3, other))).toBe(other);
    expect(await create(named, spr, body(4, ''))).toBe(spr.user.orgId);
    expect(await create(forced, sys, body(5, other))).toBe(other);
    expect(await create(forced, sys, body(6))).toEqual({ code: Code.VALIDATION });
  });
});
