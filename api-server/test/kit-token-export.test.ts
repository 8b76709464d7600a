import type { SignedInContext } from '../src/http/guard';
import { pickedInt } from '../src/resource/ent-channel';
import { ExportMessages, tokenExport } from '../src/resource/export';
import { createTestContext, DIALECTS, type TestContext } from './support/app';

/** tokenExport (resource/export.ts): one declaration for the token route and the GET download (对账单, the kit's export). */
describe.each(DIALECTS)('tokenExport on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  }, 60_000);
  afterAll(() => ctx.close());

  test('hands out a single-use token keeping what prepare read, and answers the file made of it', async () => {
    const asked: unknown[] = [];
    const routes = tokenExport({ db: ctx.db, dialect } as never, {
      path: 'demo/query/thing',
      perm: 1,
      fallback: 'thing.xlsx',
      prepare: async (c) => ({ query: { n: c.body.n }, answer: { total: 3 } }),
      file: async (_c, query) => {
        asked.push(query);
        return { bytes: Buffer.from('xlsx'), name: '数据_东西.xlsx' };
      },
    });
    expect(routes.map((r) => [r.path, r.method ?? 'POST', r.raw ?? false])).toEqual([
      ['demo/query/thing/genExportExcelToken', 'POST', false],
      ['demo/query/thing/export', 'GET', true],
    ]);
    const caller = { user: { userId: 1 }, perms: new Set([1]) };
    const now = Date.now();
    const answer = (await routes[0].handler({ caller, now, body: { n: 7 } } as unknown as SignedInContext)) as { token: string; total: number };
    expect(answer).toEqual({ token: expect.any(String), total: 3 });
    const headers: Record<string, string> = {};
    const reply = { header: (k: string, v: string) => ((headers[k] = v), reply), send: (b: Buffer) => b };
    const get = () => routes[1].handler({ caller, now, body: {}, request: { query: { token: answer.token } }, reply } as unknown as SignedInContext);
    expect(String(await get())).toBe('xlsx');
    expect(asked).toEqual([{ n: 7 }]);
    expect(headers['Content-Disposition']).toBe(`attachment; filename="thing.xlsx"; filename*=UTF-8''${encodeURIComponent('数据_东西.xlsx')}`);
    await expect(get()).rejects.toMatchObject({ code: 1001, message: ExportMessages.expired });
  });
});

test('pickedInt refuses a number above its max with the given message', () => {
  expect(pickedInt(1000, 1, '每页条数须为1到1000的整数', 'typed', 1000)).toBe(1000);
  expect(() => pickedInt(1001, 1, '每页条数须为1到1000的整数', 'typed', 1000)).toThrow('每页条数须为1到1000的整数');
  expect(() => pickedInt('5', 1, '页码须为正整数', 'typed', 10)).toThrow('页码须为正整数');
});
