// Issue 12 finding 1: a valid signed-in call keeps answering while another client floods the login
// route with over-sized encrypted bodies (thousands of RSA pieces, ~1 MB) as fast as it can.
import crypto from 'node:crypto';
import { computeSign } from '../../shared-utility/src/pure/sign';

export interface FloodFigures {
  /** Latencies of the valid loginInfo calls, ms. */
  p50: number;
  p99: number;
  max: number;
  calls: number;
  /** Flood requests answered during the window, and how they were answered. */
  floodRequests: number;
  floodCodes: Record<string, number>;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function post(baseUrl: string, path: string, body: unknown, secret = '', token?: string): Promise<any> {
  const timestamp = Date.now();
  const plain = body as Record<string, unknown>;
  const sign = computeSign(plain, secret, timestamp);
  const response = await fetch(`${baseUrl}/api/admin/${path}?timestamp=${timestamp}&sign=${sign}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'Access-Token': token } : {}) },
    body: JSON.stringify(body),
  });
  return response.json();
}

/** PKCS#1 v1.5 pieces of ≤245 bytes, like jsencrypt (Node refuses only the private side of v1.5). */
function encrypt(publicPem: string, body: unknown): string {
  const bytes = Buffer.from(JSON.stringify(body), 'utf8');
  const pieces: string[] = [];
  for (let i = 0; i < bytes.length; i += 245)
    pieces.push(crypto.publicEncrypt({ key: publicPem, padding: crypto.constants.RSA_PKCS1_PADDING }, bytes.subarray(i, i + 245)).toString('base64'));
  return pieces.join(',');
}

async function signIn(baseUrl: string, publicPem: string): Promise<{ token: string; apiSecret: string }> {
  const login = { username: 'sysadmin', password: 'Flexpay@2026', captchaToken: 'x', captcha: 'x' };
  const timestamp = Date.now();
  const sign = computeSign(login, '', timestamp);
  const response = await fetch(`${baseUrl}/api/admin/user/login?timestamp=${timestamp}&sign=${sign}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ encrypted: encrypt(publicPem, login) }),
  });
  const answer = await response.json();
  if (answer.code !== 0) throw new Error(`登录失败: ${JSON.stringify(answer)}`);
  return { token: answer.data.token, apiSecret: answer.data.apiSecret };
}

/**
 * Signs in, then for `seconds` runs `attackers` clients that post ~1 MB encrypted login bodies
 * (3 000 valid-looking RSA pieces each) back to back, while one client calls user/loginInfo in a loop.
 */
export async function measureRsaFlood(baseUrl: string, seconds = 5, attackers = 4): Promise<FloodFigures> {
  const publicPem = (await post(baseUrl, 'captcha/publicKey', {})).data.publicKey as string;
  const credentials = await signIn(baseUrl, publicPem);
  const piece = encrypt(publicPem, { p: 'x'.repeat(200) });
  const floodBody = JSON.stringify({ encrypted: Array.from({ length: 3000 }, () => piece).join(',') });
  const floodCodes: Record<string, number> = {};
  let floodRequests = 0;
  let running = true;
  const attacker = async () => {
    while (running) {
      const timestamp = Date.now();
      try {
        const response = await fetch(`${baseUrl}/api/admin/user/login?timestamp=${timestamp}&sign=${'0'.repeat(32)}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: floodBody,
        });
        const text = await response.text();
        const code = response.status === 200 ? String(JSON.parse(text).code) : `HTTP ${response.status}`;
        floodCodes[code] = (floodCodes[code] ?? 0) + 1;
      } catch {
        floodCodes.error = (floodCodes.error ?? 0) + 1;
      }
      floodRequests += 1;
    }
  };
  const flood = Array.from({ length: attackers }, attacker);
  // Let the flood reach full speed first.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const latencies: number[] = [];
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    const started = performance.now();
    const answer = await post(baseUrl, 'user/loginInfo', {}, credentials.apiSecret, credentials.token);
    latencies.push(performance.now() - started);
    if (answer.code !== 0) throw new Error(`loginInfo 失败: ${JSON.stringify(answer)}`);
  }
  running = false;
  await Promise.all(flood);
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: latencies[latencies.length - 1], calls: latencies.length, floodRequests, floodCodes };
}

export function printRsaFlood(label: string, f: FloodFigures): void {
  const verdict = f.p99 <= 50 ? '达标' : '未达标';
  console.log(
    `${label.padEnd(30)} loginInfo p50 ${f.p50.toFixed(1)} ms  p99 ${f.p99.toFixed(1)} ms  目标 p99 ≤ 50 ms ${verdict}  (最长 ${f.max.toFixed(1)} ms, ${f.calls} 次; 攻击请求 ${f.floodRequests} 个: ${JSON.stringify(f.floodCodes)})`,
  );
}
