/**
 * Issue 24: every content-hashed file is cached for a year and never revalidated; everything else
 * (entry bundles, vendor files, import-map.json, index.html) revalidates by ETag; each file goes out
 * as the build's brotli copy when the browser accepts brotli, else its gzip copy, else as is.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { StaticSite } from './support/static-site';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { precompressDir, precompressFile } = require('../../root-config/shared-deps/precompress') as {
  precompressDir(dir: string): Promise<void>;
  precompressFile(file: string): Promise<void>;
};

const IMMUTABLE = 'public, max-age=31536000, immutable';
const SCRIPT = `System.register([], function () { return { execute: function () { ${'console.log("FlexPay 灵活用工");'.repeat(200)} } }; });`;

describe('static files: cache headers and precompressed encodings', () => {
  let site: StaticSite;
  let repo: string;
  let app: FastifyInstance;

  const write = (file: string, text: string) => site.write(file, text);

  beforeAll(async () => {
    site = new StaticSite();
    repo = site.repo;
    write('package.json', JSON.stringify({ workspaces: ['root-config'] }));
    write('root-config/dist/index.html', '<html><head><!--FLEXPAY_RUNTIME--></head><body>shell</body></html>');
    write('root-config/dist/shared/react.js', SCRIPT);
    write('root-config/dist/shared/chunks/icons.0a1b2c3d.js', SCRIPT);
    write('root-config/dist/vendor/blueprint.css', '.bp6-button { color: red; }\n'.repeat(100));
    write('navbar-app/dist/flexpay-navbar-app.js', SCRIPT);
    write('navbar-app/dist/3f9a2b7c1d04/flexpay-navbar-app.js', SCRIPT);
    write('system-app/dist/tiny.js', 'x');
    write('import-map.json', JSON.stringify({ imports: { '@flexpay/navbar-app': '/apps/navbar-app/3f9a2b7c1d04/flexpay-navbar-app.js' } }));
    await precompressDir(path.join(repo, 'root-config', 'dist'));
    await precompressDir(path.join(repo, 'navbar-app', 'dist'));
    await precompressDir(path.join(repo, 'system-app', 'dist'));

    app = await site.start();
  });
  afterAll(() => site.close());

  const get = (url: string, acceptEncoding?: string, extra: Record<string, string> = {}) =>
    app.inject({ url, headers: { ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}), ...extra } });

  test('the build writes a brotli and a gzip copy of each file worth compressing, none of a tiny one', () => {
    const file = path.join(repo, 'root-config/dist/shared/react.js');
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${file}.br`)).toString()).toBe(SCRIPT);
    expect(zlib.gunzipSync(fs.readFileSync(`${file}.gz`)).toString()).toBe(SCRIPT);
    expect(fs.existsSync(path.join(repo, 'system-app/dist/tiny.js.br'))).toBe(false);
  });

  test('a copy is rewritten with its file, never left stale', async () => {
    const file = path.join(repo, 'system-app/dist/later.js');
    fs.writeFileSync(file, SCRIPT);
    await precompressFile(file);
    fs.writeFileSync(file, 'y');
    await precompressFile(file);
    expect(fs.existsSync(`${file}.br`)).toBe(false);
    expect(fs.existsSync(`${file}.gz`)).toBe(false);
    expect((await get('/apps/system-app/later.js', 'br')).body).toBe('y');
  });

  test.each([
    ['/shared/chunks/icons.0a1b2c3d.js', IMMUTABLE],
    ['/apps/navbar-app/3f9a2b7c1d04/flexpay-navbar-app.js', IMMUTABLE],
    ['/shared/react.js', 'no-cache'],
    ['/apps/navbar-app/flexpay-navbar-app.js', 'no-cache'],
  ])('%s: brotli when accepted, gzip as fallback, identity otherwise; Cache-Control %s', async (url, cacheControl) => {
    const br = await get(url, 'gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toBe(cacheControl);
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 4);

    const gz = await get(url, 'gzip, deflate');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe(cacheControl);
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers['cache-control']).toBe(cacheControl);
  });

  test('files that are not content-hashed revalidate: a matching ETag answers 304 for each encoding', async () => {
    for (const encoding of ['br', 'gzip', undefined]) {
      const first = await get('/shared/react.js', encoding);
      expect(first.headers.etag).toBeTruthy();
      const again = await get('/shared/react.js', encoding, { 'if-none-match': String(first.headers.etag) });
      expect(again.statusCode).toBe(304);
    }
    // The brotli and identity answers are different bodies, so they carry different ETags.
    expect((await get('/shared/react.js', 'br')).headers.etag).not.toBe((await get('/shared/react.js')).headers.etag);
  });

  test("the icons' paths, in a folder named by the icons' version, are immutable; the folder's parent is not", async () => {
    write('root-config/dist/shared/icons/6.14.1/16px/lock.json', '["M13.96 7H12"]');
    write('root-config/dist/shared/icons.json', '{}');
    const icon = await get('/shared/icons/6.14.1/16px/lock.json', 'br');
    expect(icon.statusCode).toBe(200);
    expect(icon.json()).toEqual(['M13.96 7H12']);
    expect(icon.headers['cache-control']).toBe(IMMUTABLE);
    expect((await get('/shared/icons.json')).headers['cache-control']).toBe('no-cache');
  });

  test('vendor style sheets go out compressed too', async () => {
    const css = await get('/vendor/blueprint.css', 'br');
    expect(css.headers['content-encoding']).toBe('br');
    expect(css.headers['content-type']).toContain('text/css');
    expect(css.headers['cache-control']).toBe('no-cache');
  });

  test('import-map.json and index.html revalidate by a stable content ETag', async () => {
    const map = await get('/import-map.json');
    expect(map.headers['cache-control']).toBe('no-cache');
    const etag = String(map.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    expect((await get('/import-map.json')).headers.etag).toBe(etag);
    expect((await get('/import-map.json', undefined, { 'if-none-match': etag })).statusCode).toBe(304);
    const page = await get('/login');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect((await get('/login', undefined, { 'if-none-match': String(page.headers.etag) })).statusCode).toBe(304);
  });
});
