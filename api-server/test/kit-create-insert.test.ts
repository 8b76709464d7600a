/**
 * The kit's create options (resource/entity-resource.ts), on both databases: `afterInsert` writes the rows
 * a record is seen through in the create's transaction before the kit checks the caller still sees it
 * (without it the same create is refused 3002 and nothing stays); `audited` names the fields of the
 * create's audit entry; a `duplicate` function answers a unique violation naming the record that won.
 */
import { cust, residentIdCheckDigit } from '@flexpay/shared-utility/src/pure';
import { scoped, scopeOf } from '../src/account/scope';
import { DEMO_USERS } from '../src/demo/seed';
import { Code } from '../src/http/codes';
import type { SignedInContext } from '../src/http/guard';
import { defineResource, type ResourceOptions, T } from '../src/resource/entity-resource';
import { createTestContext, DIALECTS, type TestContext } from './support/app';

describe.each(DIALECTS)('kit create afterInsert, audited, duplicate() on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  }, 60_000);
  afterAll(() => ctx.close());

  const idNumber = (n: number) => {
    const body = `11010519491231${String(n + (dialect === 'sqlite' ? 100 : 200)).padStart(3, '0')}`;
    return body + residentIdCheckDigit(body);
  };
  const create = async (options: Partial<ResourceOptions<typeof cust.fields>>, n: number, custCode = `KT${dialect}${n}`) => {
    const user = await ctx.db.selectFrom('admin_user').selectAll().where('username', '=', DEMO_USERS.ENT).executeTakeFirstOrThrow();
    const caller = { user, perms: new Set([cust.codes.query, cust.codes.mgr]), scope: scopeOf(user) };
    const ent = await ctx.db.selectFrom('ent').select(['id', 'supplierId']).where('id', '=', user.orgId!).executeTakeFirstOrThrow();
    const { resource } = defineResource({ db: ctx.db, dialect } as never, cust, {
      scope: scoped(ctx.db, { talent: `${T}.id` }),
      beforeCreate: async (_ctx, values) => ({ ...values, custCode, supplierId: ent.supplierId, realNameStatus: 0, signStatus: 0, status: 0 }),
      ...options,
    });
    const body = { name: '套件新增', idType: 111, idNumber: idNumber(n), phone: '13700000000', entId: ent.id };
    return resource.create({ caller, body, now: Date.now() } as unknown as SignedInContext);
  };
  const coop: Partial<ResourceOptions<typeof cust.fields>> = {
    afterInsert: async (w, key, columns) => {
      await w.trx.insertInto('cust_coop_ent').values({ custId: key, entId: columns.entId, status: 0, createdAt: w.now, updatedAt: w.now }).execute();
      return { custCode: columns.custCode };
    },
  };
  const stored = (n: number) => ctx.db.selectFrom('cust').select('id').where('idNumber', '=', idNumber(n)).execute();

  test('a record seen only through the rows afterInsert writes is created; without them it is refused and nothing stays', async () => {
    await expect(create({}, 1)).rejects.toMatchObject({ code: Code.OUT_OF_SCOPE });
    expect(await stored(1)).toEqual([]);
    const made = (await create({ ...coop, audited: ['custCode', 'name', 'entId'] }, 2)) as { id: number; custCode: string };
    expect(made).toEqual({ id: expect.any(Number), custCode: `KT${dialect}2` });
    expect(await ctx.db.selectFrom('cust_coop_ent').select('custId').where('custId', '=', made.id).execute()).toHaveLength(1);
    const entry = await ctx.db.selectFrom('audit_log').select('changes').where('entity', '=', 'cust').where('entityId', '=', String(made.id)).where('action', '=', 'create').executeTakeFirstOrThrow();
    expect(Object.keys(JSON.parse(entry.changes))).toEqual(['custCode', 'name', 'entId']);
  });

  test('a unique violation answers what duplicate() names', async () => {
    const named = { duplicate: async (_c: SignedInContext, values: Record<string, unknown>) => `已存在：${String(values.idNumber)}` };
    await create({ ...coop, ...named }, 3);
    // The check that would have found it ran before the other create committed (as a concurrent one does): the index refuses.
    await expect(create({ ...coop, ...named }, 3, `KT${dialect}3b`)).rejects.toMatchObject({
      code: Code.CONFLICT,
      message: `已存在：${idNumber(3)}`,
    });
    expect(await stored(3)).toHaveLength(1);
  });
});
