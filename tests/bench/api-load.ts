import autocannon from 'autocannon';
import Fastify from 'fastify';
import { computeSign } from '../../shared-utility/src/pure/sign';

export interface LoadFigures {
  requestsPerSecond: number;
  p50: number;
  mean: number;
  p99: number;
  errors: number;
  non2xx: number;
}

function run(url: string, options: { headers?: Record<string, string>; body: string }): Promise<LoadFigures> {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, method: 'POST', connections: 10, duration: 5, headers: { 'content-type': 'application/json', ...options.headers }, body: options.body },
      (error, result) => {
        if (error) return reject(error);
        resolve({
          requestsPerSecond: result.requests.average,
          p50: result.latency.p50,
          mean: result.latency.mean,
          p99: result.latency.p99,
          errors: result.errors,
          non2xx: result.non2xx,
        });
      },
    );
  });
}

/** A signed, authenticated loginInfo call against the real server, then a bare Fastify route with the same JSON. */
export async function measureApi(baseUrl: string, credentials: { token: string; apiSecret: string }) {
  const timestamp = Date.now();
  const sign = computeSign({}, credentials.apiSecret, timestamp);
  const url = `${baseUrl}/api/admin/user/loginInfo?timestamp=${timestamp}&sign=${sign}`;
  const sample = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'Access-Token': credentials.token }, body: '{}' });
  const payload = await sample.text();
  if (JSON.parse(payload).code !== 0) throw new Error(`loginInfo 调用失败: ${payload}`);
  const real = await run(url, { headers: { 'Access-Token': credentials.token }, body: '{}' });

  const bare = Fastify({ logger: false });
  // Returns the same object, so the baseline pays for JSON serialisation exactly like the real route.
  const body: unknown = JSON.parse(payload);
  bare.post('/bare', async () => body);
  const address = await bare.listen({ port: 0, host: '127.0.0.1' });
  try {
    const baseline = await run(`${address}/bare`, { body: '{}' });
    return { real, baseline };
  } finally {
    await bare.close();
  }
}
