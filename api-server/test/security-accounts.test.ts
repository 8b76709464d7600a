/**
 * Issue 12 regressions about accounts: takeover inside an organisation (finding 2), username probing
 * through subuser/create (finding 5), duplicate talents (finding 6), null for a NOT NULL field
 * (finding 7, subuser part) and scrypt inside the create transaction (finding 12).
 */
import { defaultCodesFor } from '@flexpay/shared-utility/src/pure';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/demo/seed';
import { Code, Messages } from '../src/http/codes';
import { isUniqueViolation } from '../src/http/db-errors';
import { CustMessages } from '../src/domain/cust/import';
import { ADMIN_MESSAGES as SubuserMessages } from '@flexpay/shared-utility/src/pure/rules/server';
import { AccountGuardMessages } from '../src/http/account-guard';
import { hashesStarted } from '../src/security/password';
import { createTestContext, DIALECTS, type TestContext } from './support/app';
import type { SignedClient } from './support/client';
import { createSubUser, userRow } from './support/users';

const PASSWORD = 'Sub@2026pass';
const NEW_PASSWORD = 'New@2026pass';

describe.each(DIALECTS)('account security on %s', (dialect) => {
  let ctx: TestContext;
  let sys: SignedClient;
  let ent: SignedClient;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    sys = ctx.client();
    ent = ctx.client();
    expect((await sys.login(DEMO_USERS.SYS, DEMO_PASSWORD)).code).toBe(0);
    expect((await ent.login(DEMO_USERS.ENT, DEMO_PASSWORD)).code).toBe(0);
  });
  afterAll(() => ctx.close());

  const snapshot = async () => ({
    users: await ctx.db.selectFrom('admin_user').selectAll().orderBy('userId').execute(),
    perms: await ctx.db.selectFrom('admin_user_perm').selectAll().orderBy('userId').orderBy('code').execute(),
  });
  const deniedAudits = async (userId: number) =>
    (await ctx.db.selectFrom('audit_log').select('action').where('entity', '=', 'admin_user').where('entityId', '=', String(userId)).execute())
      .map((r) => r.action)
      .filter((a) => a.startsWith('denied:'));

  async function signIn(username: string) {
    const client = ctx.client();
    expect((await client.login(username, PASSWORD)).code).toBe(0);
    return client;
  }

  test('finding 2: a sub-administrator cannot reset, disable, delete or re-permission an account holding more codes', async () => {
    const entCodes = defaultCodesFor('ENT');
    // The creator holds every code of its type; it creates a helper holding 1011+1012+1013+1014+1015 only.
    const creator = await createSubUser(ctx.db, 'entBoss0001', PASSWORD, DEMO_USERS.ENT, entCodes);
    const helper = await createSubUser(ctx.db, 'entHelp0001', PASSWORD, DEMO_USERS.ENT, [1011, 1012, 1013, 1014, 1015]);
    await ctx.db.updateTable('admin_user').set({ parentUserId: creator }).where('userId', '=', helper).execute();
    const peer = await createSubUser(ctx.db, 'entPeer0001', PASSWORD, DEMO_USERS.ENT, [1011, 1013]);
    const client = await signIn('entHelp0001');

    const calls: Array<[string, Record<string, unknown>, boolean]> = [
      ['user/subuser/changePassword', { userId: creator, newPassword: NEW_PASSWORD }, true],
      ['user/subuser/update', { userId: creator, name: '篡改' }, false],
      ['user/subuser/updateStatus', { userId: creator, status: 1 }, false],
      ['user/subuser/perm/update', { subUserId: creator, permCodes: [1011] }, false],
      ['user/subuser/delete', { userId: creator }, false],
    ];
    for (const [path, body, encrypt] of calls) {
      const before = await snapshot();
      const answer = await client.post(path, body, { encrypt });
      expect({ path, code: answer.code, message: answer.message }).toEqual({ path, code: Code.NO_PERMISSION, message: AccountGuardMessages.moreCodes });
      expect(await snapshot()).toEqual(before);
    }
    // Every refused attempt is in the audit trail; the creator still signs in with its own password.
    expect((await deniedAudits(creator)).sort()).toEqual(calls.map(([p]) => `denied:${p}`).sort());
    await signIn('entBoss0001');

    // An account whose codes are a subset of the caller's stays manageable.
    expect((await client.post('user/subuser/changePassword', { userId: peer, newPassword: NEW_PASSWORD }, { encrypt: true })).code).toBe(0);
    expect((await client.post('user/subuser/updateStatus', { userId: peer, status: 1 })).code).toBe(0);
    // The top administrator of the organisation may act on any of its accounts.
    expect((await ent.post('user/subuser/update', { userId: creator, name: '老板' })).code).toBe(0);
  });

  test('finding 2: a SYS sub-administrator acting on another tenant follows the same subset rule', async () => {
    await createSubUser(ctx.db, 'sysHelp0001', PASSWORD, DEMO_USERS.SYS, [1011, 1012, 1013]);
    const victim = await createSubUser(ctx.db, 'entRich0001', PASSWORD, DEMO_USERS.ENT, defaultCodesFor('ENT'));
    const client = await signIn('sysHelp0001');
    const before = await snapshot();
    const answer = await client.post('user/subuser/changePassword', { userId: victim, newPassword: NEW_PASSWORD }, { encrypt: true });
    expect(answer).toMatchObject({ code: Code.NO_PERMISSION, message: AccountGuardMessages.moreCodes });
    expect(await snapshot()).toEqual(before);
    // The platform's top administrator may.
    expect((await sys.post('user/subuser/changePassword', { userId: victim, newPassword: NEW_PASSWORD }, { encrypt: true })).code).toBe(0);
  });

  test("finding 5: a username of another tenant answers 1009 without saying where it lives, and probing is throttled", async () => {
    await createSubUser(ctx.db, 'probe0000', PASSWORD, DEMO_USERS.ENT, [1011, 1012]);
    const prober = await signIn('probe0000');
    const body = (username: string) => ({ username, password: PASSWORD, name: '探测', phone: '13912345678', sex: 0, status: 0 });
    const first = await prober.post('user/subuser/create', body(DEMO_USERS.MER), { encrypt: true });
    expect(first).toMatchObject({ code: Code.CONFLICT, message: SubuserMessages.duplicate });
    expect(first.message).not.toMatch(/商户|企业|供应商|平台|其他/);
    for (let i = 0; i < 9; i += 1) expect((await prober.post('user/subuser/create', body(DEMO_USERS.SPR), { encrypt: true })).code).toBe(Code.CONFLICT);
    // The budget is spent: even a free name is refused for a while, with a Chinese message.
    const throttled = await prober.post('user/subuser/create', body('freeName01'), { encrypt: true });
    expect(throttled).toMatchObject({ code: Code.RATE_LIMITED, message: Messages.rateLimited });
    expect(await ctx.db.selectFrom('admin_user').select('userId').where('username', '=', 'freeName01').executeTakeFirst()).toBeUndefined();
  });

  test('finding 6: one talent per ID type and number (any letter case); racing imports of one person leave one talent', async () => {
    // The index itself refuses a second row of the same person, whatever the case of the check letter.
    const existing = await ctx.db.selectFrom('cust').selectAll().orderBy('id').executeTakeFirstOrThrow();
    const { id: _id, ...copy } = existing;
    let refusedBy: unknown = null;
    try {
      await ctx.db.insertInto('cust').values({ ...copy, custCode: 'DUPTEST01', idNumber: `${existing.idNumber.slice(0, -1)}x` }).execute();
      await ctx.db.insertInto('cust').values({ ...copy, custCode: 'DUPTEST02', idNumber: `${existing.idNumber.slice(0, -1)}X` }).execute();
    } catch (error) {
      refusedBy = error;
    }
    expect(isUniqueViolation(refusedBy)).toBe(true);
    const idNumber = '11010519491231002X';
    const row = (name: string) => ({ name, idType: '111', idNumber, phone: '13912345678', bankCard: '6222020200112233445' });
    // Two racing imports of the same person: one registers it, the other links the existing person (DOMAIN.md §6).
    const answers = await Promise.all([ent.post('cust/mgr/import', { rows: [row('并发甲')] }), ent.post('cust/mgr/import', { rows: [row('并发乙')] })]);
    expect(answers.map((a) => a.code)).toEqual([0, 0]);
    expect(answers.map((a) => a.data.rows[0].message).sort()).toEqual([CustMessages.alreadyLinked, CustMessages.created].sort());
    const again = await ent.post('cust/mgr/import', { rows: [{ ...row('再次'), idNumber: idNumber.toLowerCase() }] });
    expect(again.data.rows).toEqual([{ rowNo: 1, ok: true, message: CustMessages.alreadyLinked }]);
    const count = await ctx.db.selectFrom('cust').select((eb) => eb.fn.countAll<number>().as('n')).where('idNumber', '=', idNumber).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  test('finding 7: subuser/update {sex:null} answers 1001 (never 5000); create treats null sex as absent', async () => {
    const id = await createSubUser(ctx.db, 'entSex0001', PASSWORD, DEMO_USERS.ENT);
    const before = await snapshot();
    for (const sex of [null, '']) {
      const answer = await ent.post('user/subuser/update', { userId: id, sex });
      expect(answer.code).toBe(Code.VALIDATION);
      expect(answer.message).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(await snapshot()).toEqual(before);
    const created = await ent.post('user/subuser/create', { username: 'entSex0002', password: PASSWORD, name: '性别', phone: '13912345678', sex: null, status: 0 }, { encrypt: true });
    expect(created.code).toBe(0);
    expect((await userRow(ctx.db, 'entSex0002')).sex).toBe(0);
  });

  test('finding 12: subuser/create hashes the password before its write transaction', async () => {
    const inside: number[] = [];
    const db = ctx.db as unknown as { transaction: () => { execute: (cb: (trx: unknown) => Promise<unknown>) => Promise<unknown> } };
    const original = db.transaction.bind(ctx.db);
    db.transaction = () => {
      const builder = original();
      const execute = builder.execute.bind(builder);
      return Object.assign(builder, {
        execute: (cb: (trx: unknown) => Promise<unknown>) =>
          execute(async (trx) => {
            const before = hashesStarted();
            const result = await cb(trx);
            inside.push(hashesStarted() - before);
            return result;
          }),
      });
    };
    try {
      const hashesBefore = hashesStarted();
      const created = await ent.post('user/subuser/create', { username: 'entHash0001', password: PASSWORD, name: '哈希', phone: '13912345678', sex: 1, status: 0 }, { encrypt: true });
      expect(created.code).toBe(0);
      expect(hashesStarted()).toBeGreaterThan(hashesBefore);
      expect(inside.length).toBeGreaterThan(0);
      expect(inside.every((n) => n === 0)).toBe(true);
    } finally {
      delete (db as { transaction?: unknown }).transaction;
    }
    // The stored hash is the password's.
    expect((await signIn('entHash0001')).token).not.toBeNull();
  });
});
