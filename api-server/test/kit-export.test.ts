import * as XLSX from 'xlsx';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/demo/seed';
import { ExportMessages } from '../src/resource/export';
import { createTestContext, DIALECTS, type TestContext } from './support/app';
import type { SignedClient } from './support/client';

const ROWS = 100_000;
const BATCH = 1000;

/** Bulk rows for the tax-source list: every tenth has a monthly limit of 1 234.56 元. */
async function insertTaxSources(ctx: TestContext, count: number) {
  const now = Date.now();
  for (let start = 0; start < count; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, count - start) }, (_, k) => {
      const i = start + k;
      return {
        tsCode: `BULK${String(i).padStart(6, '0')}`,
        name: `批量税源地${i}`,
        province: '海南',
        city: '海口',
        taxAuthority: '国家税务总局海口市税务局',
        singleLimitFen: 5_000_000,
        monthlyLimitFen: i % 10 === 0 ? 123_456 : 10_000_000,
        vatRate: 60_000,
        status: i % 2,
        remark: null,
        createdAt: now - i * 1000,
        updatedAt: now,
      };
    });
    await ctx.db.insertInto('tax_source').values(rows).execute();
  }
}

describe.each(DIALECTS)('server export (kit) on %s', (dialect) => {
  let ctx: TestContext;
  let sys: SignedClient;
  let other: SignedClient;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    sys = ctx.client();
    other = ctx.client();
    expect((await sys.login(DEMO_USERS.SYS, DEMO_PASSWORD)).code).toBe(0);
    expect((await other.login(DEMO_USERS.SPR, DEMO_PASSWORD)).code).toBe(0);
    await insertTaxSources(ctx, ROWS);
  }, 120_000);
  afterAll(() => ctx.close());

  test('the whole filtered result of 100 000 rows, with bounded memory, though the list only estimates its total', async () => {
    const cond = { name: '批量' };
    // Above the exact-count cap the list says its total is approximate; the export counts every row.
    const list = (await sys.post('taxSource/query/list', { cond, page: { limit: 10, pageNum: 1 } })).data;
    expect(list.totalKind).toBe(dialect === 'postgres' ? 'estimate' : 'atLeast');
    const token = await sys.post('taxSource/query/genExportExcelToken', { cond, orderBy: [{ field: 'createdAt', dir: 'desc' }] });
    expect(token.code).toBe(0);
    expect(token.data.total).toBe(ROWS);

    global.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const started = Date.now();
    const response = await sys.get('taxSource/query/export', { token: token.data.token });
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    const growthMb = (peak - baseline) / 1024 / 1024;
    // eslint-disable-next-line no-console
    console.log(`export ${ROWS} rows on ${dialect}: ${Date.now() - started} ms, RSS growth ${growthMb.toFixed(0)} MB`);
    expect(growthMb).toBeLessThan(300);

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(decodeURIComponent(String(response.headers['content-disposition']))).toMatch(/数据_税源地_\d{14}\.xlsx/);
    const book = XLSX.read(response.rawPayload, { type: 'buffer', dense: true });
    const sheet = book.Sheets[book.SheetNames[0]];
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1 });
    expect(rows.length - 1).toBe(ROWS);
    expect(rows[0]).toEqual(['税源地编码', '税源地名称', '省份', '城市', '单笔限额(元)', '个人月限额(元)', '增值税率(%)', '状态', '创建时间']);
    // Newest first; money as yuan, enums as labels.
    expect(rows[1]).toEqual(['BULK000000', '批量税源地0', '海南', '海口', '50000.00', '1234.56', '6.0000', '正常', expect.stringMatching(/^\d{4}-\d{2}-\d{2} /)]);
    expect(rows[2][7]).toBe('禁用');
  }, 120_000);

  test('a token is single use, bound to its user, and follows the filter', async () => {
    const token = await sys.post('taxSource/query/genExportExcelToken', { cond: { name: '批量', monthlyLimit: ['1234.56', '1234.56'] } });
    expect(token.data.total).toBe(ROWS / 10);
    expect((await other.get('taxSource/query/export', { token: token.data.token })).json().code).toBe(3001);
    const first = await sys.get('taxSource/query/export', { token: token.data.token });
    const rows = XLSX.utils.sheet_to_json(XLSX.read(first.rawPayload, { type: 'buffer' }).Sheets['税源地'], { header: 1 });
    expect(rows.length - 1).toBe(ROWS / 10);
    const again = (await sys.get('taxSource/query/export', { token: token.data.token })).json();
    expect([again.code, again.message]).toEqual([1001, ExportMessages.expired]);
    // Unsigned or badly signed downloads are refused before anything else.
    const fresh = await sys.post('taxSource/query/genExportExcelToken', { cond: {} });
    expect((await sys.get('taxSource/query/export', { token: fresh.data.token }, { sign: 'bad' })).json().code).toBe(4001);
  }, 60_000);

  test('list with a join and a summary stays a single page over 100 000 rows', async () => {
    const answer = await sys.post('taxSource/query/list', { cond: { monthlyLimit: ['1234.56', '1234.56'] }, page: { limit: 20, pageNum: 3 }, orderBy: [{ field: 'monthlyLimit', dir: 'desc' }] });
    expect(answer.code).toBe(0);
    expect(answer.data.records).toHaveLength(20);
    expect(answer.data.total).toBe(ROWS / 10);
  });
});
