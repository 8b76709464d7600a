import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../src/config';
import { HSTS_VALUE, inlineScriptHashes } from '../src/security/headers';
import { StaticSite } from './support/static-site';

/** Issue 21 item 8: helmet's headers on the suite's pages, its files and the API. */
const REPO = path.resolve(__dirname, '..', '..');

/** A built suite whose shell is the real root-config/src/index.html. */
function fakeRepo(site: StaticSite): void {
  site.write('package.json', JSON.stringify({ workspaces: ['root-config'] }));
  site.write('root-config/dist/index.html', fs.readFileSync(path.join(REPO, 'root-config', 'src', 'index.html'), 'utf8'));
  site.write('root-config/dist/boot.js', fs.readFileSync(path.join(REPO, 'root-config', 'src', 'boot.js'), 'utf8'));
  site.write('navbar-app/dist/navbar-app.js', 'navbar');
  site.write('import-map.json', JSON.stringify({ imports: { a: '/apps/a.js' } }));
}

/** The Content-Security-Policy header as directive → sources. */
function policy(header: string | string[] | number | undefined): Map<string, string[]> {
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name, values] as [string, string[]]),
  );
}

describe('security headers (helmet)', () => {
  let site: StaticSite;

  beforeAll(() => {
    site = new StaticSite();
    fakeRepo(site);
  });
  afterAll(() => site.close());

  const start = (overrides: Partial<Config> = {}) => site.start(overrides);

  test('pages, files, the import map and the API all carry the headers', async () => {
    const app = await start();
    const answers = await Promise.all(
      [
        { url: '/' },
        { url: '/admin/index' },
        { url: '/boot.js' },
        { url: '/apps/navbar-app/navbar-app.js' },
        { url: '/import-map.json' },
        { url: '/api/admin/captcha/create', method: 'POST' as const, payload: {} },
        { url: '/api/no/such/route', method: 'POST' as const, payload: {} },
        { url: '/shared/missing.js' },
      ].map((request) => app.inject(request)),
    );
    for (const answer of answers) {
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['referrer-policy']).toBe('same-origin');
      const csp = policy(answer.headers['content-security-policy']);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      // Plain HTTP: no HSTS.
      expect(answer.headers['strict-transport-security']).toBeUndefined();
    }
  });

  test('the policy allows what the suite loads and no eval; every inline script of the shell is hashed', async () => {
    for (const mode of ['demo', 'production'] as const) {
      const app = await start({ mode });
      const page = await app.inject({ url: '/login' });
      expect(page.statusCode).toBe(200);
      const csp = policy(page.headers['content-security-policy']);
      const all = [...csp.values()].flat();
      expect(all).not.toContain("'unsafe-eval'");
      expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
      expect(csp.get('script-src')).toContain("'self'");
      const inline = inlineScriptHashes(page.body);
      expect(inline.length).toBeGreaterThan(0);
      for (const hash of inline) expect(csp.get('script-src')).toContain(hash);
      // The shell loads SystemJS and starts the root config from files, not inline code.
      expect(page.body).toContain('<script src="/vendor/system.min.js"></script>');
      expect(page.body).toContain('<script src="/boot.js"></script>');
      expect(page.body).not.toContain("System.import('@flexpay/root-config')");
      expect(csp.get('worker-src')).toEqual(expect.arrayContaining(["'self'", 'blob:']));
      expect(csp.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
      expect(csp.get('connect-src')).toContain("'self'");
      // Import-map overrides may load from a developer's local server only where overrides are allowed.
      if (mode === 'production') expect(csp.get('script-src')).not.toContain('http://localhost:*');
      else expect(csp.get('script-src')).toContain('http://localhost:*');
    }
    const overridden = await start({ mode: 'production', overridesOn: true });
    const csp = policy((await overridden.inject({ url: '/' })).headers['content-security-policy']);
    expect(csp.get('script-src')).toContain('http://localhost:*');
  });

  test('HSTS only over TLS: a trusted proxy saying X-Forwarded-Proto https', async () => {
    const direct = await start();
    const spoofed = await direct.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } });
    // No FLEXPAY_TRUST_PROXY: a client cannot claim TLS.
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();

    const proxied = await start({ trustProxy: ['127.0.0.1'] });
    const overTls = await proxied.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(overTls.headers['strict-transport-security']).toBe(HSTS_VALUE);
    const api = await proxied.inject({ url: '/api/admin/captcha/create', method: 'POST', payload: {}, headers: { 'x-forwarded-proto': 'https' } });
    expect(api.headers['strict-transport-security']).toBe(HSTS_VALUE);
    const plain = await proxied.inject({ url: '/', headers: { 'x-forwarded-proto': 'http' } });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // A proxy not in the trusted list is not believed.
    const untrusted = await proxied.inject({ url: '/', remoteAddress: '10.1.2.3', headers: { 'x-forwarded-proto': 'https' } });
    expect(untrusted.headers['strict-transport-security']).toBeUndefined();
  });
});
