import { DEMO_PASSWORD, DEMO_USERS } from '../src/demo/seed';
import { createTestContext, DIALECTS, type TestContext } from './support/app';

describe.each(DIALECTS)('notices after sign-in on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  });
  afterAll(() => ctx.close());

  async function signedIn(type: keyof typeof DEMO_USERS) {
    const client = ctx.client();
    await client.login(DEMO_USERS[type], DEMO_PASSWORD);
    return client;
  }
  const titles = (data: Array<{ title: string }>) => data.map((n) => n.title);

  test('only notices newer than the account pop up after sign-in', async () => {
    const ent = await signedIn('ENT');
    // The demo accounts are older than the demo notices.
    expect((await ent.post('notice/show')).data.map((n: { popup: boolean }) => n.popup)).toEqual([true, true]);
    await ctx.db.updateTable('admin_user').set({ createdAt: Date.now() }).where('username', '=', DEMO_USERS.MER).execute();
    expect((await (await signedIn('MER')).post('notice/show')).data.map((n: { popup: boolean; read: boolean }) => [n.popup, n.read])).toEqual([[false, false]]);
  });

  test('addressed notices arrive unread; marking one read is per user', async () => {
    const ent = await signedIn('ENT');
    const first = (await ent.post('notice/show')).data;
    expect(first.map((n: { title: string; read: boolean }) => [n.title, n.read])).toEqual([
      ['开票资料核对提醒', false],
      ['系统升级通知', false],
    ]);
    expect((await ent.post('notice/read', { ids: [first[0].id] })).code).toBe(0);
    expect((await ent.post('notice/show')).data.map((n: { read: boolean; popup: boolean }) => [n.read, n.popup])).toEqual([
      [true, false],
      [false, true],
    ]);
    // The merchant has not read the notice for all.
    expect((await (await signedIn('MER')).post('notice/show')).data.map((n: { read: boolean }) => n.read)).toEqual([false]);
  });

  test('the publish window decides what shows; merchants never see enterprise notices', async () => {
    const now = Date.now();
    const base = { content: '内容', status: 0, createdAt: now, updatedAt: now };
    await ctx.db
      .insertInto('notice')
      .values([
        { ...base, title: '下周生效的公告', target: 20, publishAt: now + 86_400_000 },
        { ...base, title: '已过期的公告', target: 20, expireAt: now - 1000 },
        { ...base, title: '供应商结算提醒', target: 30 },
      ])
      .execute();
    expect(titles((await (await signedIn('ENT')).post('notice/show')).data)).toEqual(['开票资料核对提醒', '系统升级通知']);
    expect(titles((await (await signedIn('SPR')).post('notice/show')).data)).toEqual(['供应商结算提醒', '系统升级通知']);
    expect(titles((await (await signedIn('MER')).post('notice/show')).data)).toEqual(['系统升级通知']);
  });

  test('a notice addressed to someone else cannot be marked, and bad ids answer 1001', async () => {
    const spr = await ctx.db.selectFrom('notice').select('id').where('title', '=', '供应商结算提醒').executeTakeFirstOrThrow();
    const ent = await signedIn('ENT');
    expect((await ent.post('notice/read', { ids: [spr.id] })).code).toBe(0);
    expect(await ctx.db.selectFrom('notice_read').select('userId').where('noticeId', '=', spr.id).execute()).toEqual([]);
    expect(await ent.post('notice/read', { ids: 'x' })).toMatchObject({ code: 1001, message: '请指定公告' });
  });
});
