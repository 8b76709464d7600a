/**
 * Issue 13: the payout progress stream is fed from the database, so an order step written by one
 * server process reaches a browser whose event stream another process serves; the stream's ticket is
 * made at the first process and claimed at the second.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { computeSign } from '@flexpay/shared-utility/src/pure';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/demo/seed';
import { recordProgress } from '../src/domain/order/service';
import { createTestContext, DIALECTS, type TestContext } from './support/app';

describe.each(DIALECTS)('order progress across two server processes (%s)', (dialect) => {
  let ctx: TestContext;
  let other: Awaited<ReturnType<TestContext['sibling']>>;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    other = await ctx.sibling();
    await other.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await other.close();
    await ctx.close();
  });

  test('a step recorded by one process arrives on the stream the other serves', async () => {
    const sys = ctx.client();
    expect((await sys.login(DEMO_USERS.SYS, DEMO_PASSWORD)).code).toBe(0);
    const ticket = (await sys.post('order/query/progress/ticket')).data.ticket as string;
    const timestamp = Date.now();
    const { port } = other.app.server.address() as AddressInfo;
    const query = new URLSearchParams({ ticket, timestamp: String(timestamp), sign: computeSign(undefined, '', timestamp) });
    let received = '';
    const request = http.get(`http://127.0.0.1:${port}/api/admin/order/query/progress?${query}`);
    try {
      const response = await new Promise<http.IncomingMessage>((resolve, reject) => request.once('response', resolve).once('error', reject));
      expect(response.headers['content-type']).toContain('text/event-stream');
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (received += chunk));
      const until = async (seen: () => boolean) => {
        for (let waited = 0; !seen() && waited < 10_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
        return seen();
      };
      expect(await until(() => received.includes(': connected'))).toBe(true);

      const order = await ctx.db.selectFrom('pay_order').select(['orderNo', 'status']).orderBy('id').executeTakeFirstOrThrow();
      await ctx.db.transaction().execute((trx) => recordProgress(trx, order.orderNo, Date.now()));
      expect(await until(() => received.includes(`"orderNo":"${order.orderNo}"`))).toBe(true);
      const event = received.split('\n').find((line) => line.startsWith('data: ') && line.includes(order.orderNo))!;
      expect(JSON.parse(event.slice('data: '.length))).toMatchObject({ orderNo: order.orderNo, status: order.status });
    } finally {
      request.destroy();
    }
  });
});
