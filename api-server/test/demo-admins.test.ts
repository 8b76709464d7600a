import { AdminType, accountTypeOf, defaultCodesFor } from '@flexpay/shared-utility/src/pure';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/demo/seed';
import { DEMO_SUB_ACCOUNTS, demoRoleCodes } from '../src/demo/seed-admins';
import { ADMIN_MESSAGES as SubuserMessages } from '@flexpay/shared-utility/src/pure/rules/server';
import { Code } from '../src/http/codes';
import { createTestContext, DIALECTS, type TestContext } from './support/app';
import type { SignedClient } from './support/client';

const PAGE = { limit: 50, pageNum: 1 };
type Listed = { userId: number; username: string; status: number; isTopAdmin?: number; _actions?: string[] };

/** Issue 22 item 10: 管理员 at first start, for each of the four demo organisations. */
describe.each(DIALECTS)('demo sub-accounts on %s', (dialect) => {
  let ctx: TestContext;
  const clients: Record<string, SignedClient> = {};

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    for (const username of Object.values(DEMO_USERS)) {
      clients[username] = ctx.client();
      expect((await clients[username].login(username, DEMO_PASSWORD)).code).toBe(0);
    }
  });
  afterAll(() => ctx.close());

  test.each(Object.values(DEMO_USERS))('%s lists its sub-accounts with differing code sets and its own row, read-only', async (topName) => {
    const top = await ctx.db.selectFrom('admin_user').selectAll().where('username', '=', topName).executeTakeFirstOrThrow();
    const expected = DEMO_SUB_ACCOUNTS[topName];
    expect(expected.length).toBeGreaterThanOrEqual(2);

    const answer = await clients[topName].post('user/subuser/list', { cond: {}, page: PAGE, orderBy: [{ field: 'createdAt', dir: 'asc' }] });
    expect(answer.code).toBe(0);
    const records = answer.data.records as Listed[];
    // Exactly the seeded sub-accounts and the caller's own row.
    expect(records.map((r) => r.username).sort()).toEqual([topName, ...expected.map((s) => s.username)].sort());
    expect(answer.data.total).toBe(expected.length + 1);

    // The own row offers nothing: no 编辑, 删除, 禁用, 重置密码 nor 权限; the server refuses them too.
    const own = records.find((r) => r.username === topName)!;
    expect(own.userId).toBe(top.userId);
    expect(own._actions).toEqual([]);
    const self = { code: Code.NO_PERMISSION, message: SubuserMessages.self };
    const codesBefore = await ctx.db.selectFrom('admin_user_perm').select('code').where('userId', '=', top.userId).orderBy('code').execute();
    expect(await clients[topName].post('user/subuser/update', { userId: top.userId, name: '改自己' })).toMatchObject(self);
    expect(await clients[topName].post('user/subuser/disable', { userId: top.userId })).toMatchObject(self);
    expect(await clients[topName].post('user/subuser/perm/update', { subUserId: top.userId, permCodes: [] })).toMatchObject(self);
    expect(await ctx.db.selectFrom('admin_user').select(['name', 'status']).where('userId', '=', top.userId).executeTakeFirstOrThrow()).toEqual({ name: top.name, status: top.status });
    expect(await ctx.db.selectFrom('admin_user_perm').select('code').where('userId', '=', top.userId).orderBy('code').execute()).toEqual(codesBefore);
    // 权限 on one's own row shows the codes, not editable.
    expect((await clients[topName].post('user/subuser/perm/get', { subUserId: top.userId })).data.editable).toBe(false);

    // Every sub-account offers 编辑, 权限 and 重置密码; one is disabled and offers 启用.
    for (const sub of records.filter((r) => r.username !== topName)) {
      expect(sub._actions).toEqual(expect.arrayContaining(['update', 'perm', 'changePassword', sub.status === 1 ? 'enable' : 'disable']));
    }
    expect(records.filter((r) => r.status === 1)).toHaveLength(1);

    // Code sets: within the account type's codes, each a different non-empty subset, as granted.
    const allowed = new Set(defaultCodesFor(accountTypeOf(top.adminType)!));
    const sets: string[] = [];
    for (const seeded of expected) {
      const row = records.find((r) => r.username === seeded.username)!;
      const perm = await clients[topName].post('user/subuser/perm/get', { subUserId: row.userId });
      expect(perm.code).toBe(0);
      const granted = perm.data.granted as number[];
      expect(granted.length).toBeGreaterThan(0);
      expect(granted.every((c) => allowed.has(c))).toBe(true);
      expect(granted.length).toBeLessThan(allowed.size);
      expect(granted).toEqual(demoRoleCodes(seeded.role, top.adminType));
      expect(perm.data.editable).toBe(true);
      sets.push(granted.join(','));
    }
    expect(new Set(sets).size).toBe(sets.length);
  });

  test('the code sets differ between organisations of different types, and an enabled sub-account signs in with its codes', async () => {
    const finance = Object.values(DEMO_SUB_ACCOUNTS).map((subs) => subs.find((s) => s.role === '财务')!);
    const types = [AdminType.SYS, AdminType.SPR, AdminType.MER, AdminType.ENT];
    const sets = finance.map((s, i) => demoRoleCodes(s.role, types[i]).join(','));
    expect(new Set(sets).size).toBe(4);

    const sub = ctx.client();
    expect((await sub.login('entFinance01', DEMO_PASSWORD)).code).toBe(0);
    const me = await sub.post('user/get');
    expect(me.data.isTopAdmin).toBe(0);
    // Without 1011 the 管理员 list is refused to it.
    expect((await sub.post('user/subuser/list', { cond: {}, page: PAGE })).code).toBe(Code.NO_PERMISSION);
    const disabled = ctx.client();
    expect((await disabled.login('entService01', DEMO_PASSWORD)).code).toBe(Code.ACCOUNT_DISABLED);
  });
});
