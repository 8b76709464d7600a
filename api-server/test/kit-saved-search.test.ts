import { DEMO_PASSWORD, DEMO_USERS } from '../src/demo/seed';
import { KitMessages, MAX_SAVED_SEARCHES } from '../src/resource/kit-routes';
import { createTestContext, DIALECTS, type TestContext } from './support/app';
import type { SignedClient } from './support/client';

describe.each(DIALECTS)('saved searches and _actions (kit) on %s', (dialect) => {
  let ctx: TestContext;
  let sys: SignedClient;
  let spr: SignedClient;
  let mer: SignedClient;
  let ent: SignedClient;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    [sys, spr, mer, ent] = [ctx.client(), ctx.client(), ctx.client(), ctx.client()];
    for (const [client, name] of [[sys, DEMO_USERS.SYS], [spr, DEMO_USERS.SPR], [mer, DEMO_USERS.MER], [ent, DEMO_USERS.ENT]] as const)
      expect((await client.login(name, DEMO_PASSWORD)).code).toBe(0);
  });
  afterAll(() => ctx.close());

  test('per user and screen: save, replace by name, list, delete; another user sees and deletes nothing', async () => {
    const screen = '/supplier/taxsource';
    const saved = await sys.post('user/savedSearch/save', { screen, name: '海南', cond: { province: '海南' } });
    expect(saved.code).toBe(0);
    expect((await sys.post('user/savedSearch/save', { screen, name: '海南', cond: { province: '海南', status: 0 } })).data.id).toBe(saved.data.id);
    expect((await sys.post('user/savedSearch/list', { screen })).data).toEqual([{ id: saved.data.id, name: '海南', cond: { province: '海南', status: 0 } }]);
    expect((await spr.post('user/savedSearch/list', { screen })).data).toEqual([]);
    expect((await spr.post('user/savedSearch/delete', { id: saved.data.id })).code).toBe(0);
    expect((await sys.post('user/savedSearch/list', { screen })).data).toHaveLength(1);
    expect((await sys.post('user/savedSearch/save', { screen, name: '', cond: {} })).message).toBe(KitMessages.name);
    expect((await sys.post('user/savedSearch/save', { screen: '', name: 'x', cond: {} })).message).toBe(KitMessages.screen);
    expect((await sys.post('user/savedSearch/save', { screen, name: 'x', cond: 'province=海南' })).code).toBe(1001);
    for (let i = 1; i < MAX_SAVED_SEARCHES; i++) expect((await sys.post('user/savedSearch/save', { screen, name: `查询${i}`, cond: {} })).code).toBe(0);
    expect((await sys.post('user/savedSearch/save', { screen, name: '再多一个', cond: {} })).message).toBe(KitMessages.tooMany);
    expect((await sys.post('user/savedSearch/delete', { id: saved.data.id })).code).toBe(0);
    expect((await sys.post('user/savedSearch/list', { screen })).data).toHaveLength(MAX_SAVED_SEARCHES - 1);
  });

  test('_actions per account type follow machine, codes, writers and own-record rules', async () => {
    const actions = async (client: SignedClient, path: string, cond: Record<string, unknown> = {}) =>
      (await client.post(path, { cond, page: { limit: 100, pageNum: 1 } })).data.records.map((r: { _actions: string[] }) => r._actions);
    // Platform: update plus the transition from the row's status.
    expect(new Set((await actions(sys, 'supplier/query/list')).map((a: string[]) => a.join()))).toEqual(new Set(['update,disable', 'update,enable']));
    expect((await actions(sys, 'payChannel/query/list', { channel: 2 }))[0]).toEqual(['update', 'enable']);
    // Supplier: reads its supplier and channels without actions; edits its own config, SMS and tax proofs.
    expect(await actions(spr, 'supplier/query/list')).toEqual([[], []]);
    expect(new Set((await actions(spr, 'payChannel/query/list')).flat())).toEqual(new Set());
    expect(new Set((await actions(spr, 'supplier/query/sms/config/list')).map((a: string[]) => a.join()))).toEqual(new Set(['delete']));
    expect(new Set((await actions(spr, 'supplier/query/taxProof/invoice/list')).map((a: string[]) => a.join()))).toEqual(new Set(['update,delete']));
    // Merchant and enterprise: read-only where they may read at all.
    expect(await actions(mer, 'supplier/query/list')).toEqual([[]]);
    expect(await actions(ent, 'supplier/query/list')).toEqual([[]]);
    expect(new Set((await actions(ent, 'payChannel/query/list')).flat())).toEqual(new Set());
  });
});
