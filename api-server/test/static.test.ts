import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../src/config';
import { StaticSite } from './support/static-site';

/** Built files at their places, so paths resolve from the repo root only. */
function fakeRepo(site: StaticSite): void {
  site.write('package.json', JSON.stringify({ workspaces: ['root-config'] }));
  site.write('root-config/dist/index.html', '<html><head><!--FLEXPAY_RUNTIME--></head><body>shell</body></html>');
  site.write('root-config/dist/shared/chunks/react.abc123.js', 'chunk');
  site.write('root-config/dist/shared/loader.js', 'loader');
  site.write('navbar-app/dist/navbar-app.js', 'navbar');
  site.write('navbar-app/dist/3f9a2b7c1d/part.js', 'hashed');
  site.write('import-map.json', JSON.stringify({ imports: { a: '/apps/a.js' } }));
}

describe('static suite', () => {
  let site: StaticSite;
  let repo: string;

  beforeAll(() => {
    site = new StaticSite();
    fakeRepo(site);
    repo = site.repo;
  });
  afterAll(() => site.close());

  const start = (overrides: Partial<Config> = {}) => site.start(overrides);

  test('pages get the shell with the runtime flag; client routes fall back to it', async () => {
    const app = await start();
    for (const url of ['/', '/index.html', '/dashboard', '/order/index', '/cust/ent/3']) {
      const page = await app.inject({ url });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<script>window.__FLEXPAY__={mode:"demo"}</script>');
      expect(page.body).not.toContain('import-map-overrides-domains');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers['content-type']).toContain('text/html');
    }
    const first = await app.inject({ url: '/login' });
    const again = await app.inject({ url: '/login', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    // Missing files are 404s, not the shell.
    expect((await app.inject({ url: '/shared/missing.js' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/apps/navbar-app/missing.js' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/favicon.ico' })).statusCode).toBe(404);
  });

  test('cache headers: immutable only for content-hashed folders', async () => {
    const app = await start();
    const chunk = await app.inject({ url: '/shared/chunks/react.abc123.js' });
    expect(chunk.body).toBe('chunk');
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const loader = await app.inject({ url: '/shared/loader.js' });
    expect(loader.headers['cache-control']).toBe('no-cache');
    expect(loader.headers.etag).toBeTruthy();
    const revalidated = await app.inject({ url: '/shared/loader.js', headers: { 'if-none-match': String(loader.headers.etag) } });
    expect(revalidated.statusCode).toBe(304);
    const entry = await app.inject({ url: '/apps/navbar-app/navbar-app.js' });
    expect(entry.body).toBe('navbar');
    expect(entry.headers['cache-control']).toBe('no-cache');
    const hashed = await app.inject({ url: '/apps/navbar-app/3f9a2b7c1d/part.js' });
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await app.inject({ url: '/apps/navbar-app/../../package.json' })).statusCode).toBe(404);
  });

  test('import-map.json is read fresh from disk and revalidated on every load', async () => {
    const app = await start();
    const first = await app.inject({ url: '/import-map.json' });
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.json()).toEqual({ imports: { a: '/apps/a.js' } });
    fs.writeFileSync(path.join(repo, 'import-map.json'), JSON.stringify({ imports: { a: '/apps/b.js' } }));
    expect((await app.inject({ url: '/import-map.json' })).json()).toEqual({ imports: { a: '/apps/b.js' } });
  });

  test('production pages deny import-map overrides unless FLEXPAY_OVERRIDES=on', async () => {
    const prod = await start({ mode: 'production' });
    const page = await prod.inject({ url: '/' });
    expect(page.body).toContain('<meta name="import-map-overrides-domains" content="denylist:*">');
    expect(page.body).toContain('mode:"production"');
    const open = await start({ mode: 'production', overridesOn: true });
    expect((await open.inject({ url: '/' })).body).not.toContain('import-map-overrides-domains');
  });

  test('FLEXPAY_STATIC=off serves only the API; a missing shell is a 404, not a crash', async () => {
    const apiOnly = await start({ staticOn: false });
    expect((await apiOnly.inject({ url: '/' })).statusCode).toBe(404);
    expect((await apiOnly.inject({ method: 'POST', url: '/api/admin/x' })).json().code).toBe(1004);
    const bare = fs.mkdtempSync(path.join(os.tmpdir(), 'flexpay-bare-'));
    fs.writeFileSync(path.join(bare, 'package.json'), '{"workspaces":[]}');
    const unbuilt = await start({ repoRoot: bare, importMapPath: path.join(bare, 'import-map.json') });
    expect((await unbuilt.inject({ url: '/dashboard' })).statusCode).toBe(404);
    expect((await unbuilt.inject({ url: '/import-map.json' })).statusCode).toBe(404);
    fs.rmSync(bare, { recursive: true, force: true });
  });
});
