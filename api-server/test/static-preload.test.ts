/**
 * Issue 24 item 6: the page preloads what its route needs — the modules the route table names (root
 * config, the navbar on signed-in paths, the route's app) and what their bundles import, at the URLs
 * of the import map — and nothing else; a public page names the sign-in's RSA module and the page
 * after sign-in for root-config to preload while the user types and once the sign-in form is usable.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { allRoutes } from '@flexpay/shared-utility/src/pure';
import { bundleImports, preloadsFor, routeModules } from '../src/static/preload';
import { StaticSite } from './support/static-site';

const APPS = ['root-config', 'navbar-app', 'login', 'system-app', 'finance-app', 'people-app', 'tasks-app'] as const;

/** A built suite in miniature: each bundle imports what the real ones do (kept short). */
const BUNDLES: Record<string, { url: string; imports: string[] }> = {
  // The root config loads shared-utility through the import map only on a signed-in path (not a static import).
  '@flexpay/root-config': { url: '/apps/root-config/flexpay-root-config.js', imports: ['single-spa'] },
  '@flexpay/login': { url: '/apps/login/flexpay-login.js', imports: ['react', 'react-dom/client', 'react/jsx-runtime', 'single-spa'] },
  '@flexpay/shared-utility': { url: '/apps/shared-utility/flexpay-shared-utility.js', imports: ['react', 'react-dom/client', 'axios'] },
  '@flexpay/shared-utility/kit': { url: '/apps/shared-utility/flexpay-kit.js', imports: ['@flexpay/shared-utility', 'react'] },
  '@flexpay/navbar-app': { url: '/apps/navbar-app/flexpay-navbar-app.js', imports: ['@flexpay/shared-utility', '@flexpay/shared-utility/kit', '@blueprintjs/core'] },
  '@flexpay/system-app': { url: '/apps/system-app/flexpay-system-app.js', imports: ['@flexpay/shared-utility', '@blueprintjs/core'] },
  '@flexpay/finance-app': { url: '/apps/finance-app/7c1d04a9b2e3/flexpay-finance-app.js', imports: ['@flexpay/shared-utility/kit', 'rxjs'] },
  '@flexpay/people-app': { url: '/apps/people-app/flexpay-people-app.js', imports: ['@flexpay/shared-utility/kit'] },
  '@flexpay/tasks-app': { url: '/apps/tasks-app/flexpay-tasks-app.js', imports: ['@flexpay/shared-utility/kit'] },
  react: { url: '/shared/react.js', imports: [] },
  'react-dom/client': { url: '/shared/react-dom-client.js', imports: ['react'] },
  'react/jsx-runtime': { url: '/shared/react-jsx-runtime.js', imports: ['react'] },
  'single-spa': { url: '/shared/single-spa.js', imports: [] },
  axios: { url: '/shared/axios.js', imports: [] },
  rxjs: { url: '/shared/rxjs.js', imports: [] },
  '@blueprintjs/core': { url: '/shared/blueprintjs-core.js', imports: ['react', '@blueprintjs/icons'] },
  '@blueprintjs/icons': { url: '/shared/blueprintjs-icons.js', imports: ['react'] },
  jsencrypt: { url: '/shared/jsencrypt.js', imports: [] },
  echarts: { url: '/shared/echarts.js', imports: [] },
};
const url = (specifier: string) => BUNDLES[specifier].url;

describe('route preloads', () => {
  let site: StaticSite;
  let repo: string;
  let app: FastifyInstance;
  const PLAIN_SHELL = '<html><head><!--FLEXPAY_RUNTIME--></head><body>shell</body></html>';

  beforeAll(async () => {
    site = new StaticSite();
    repo = site.repo;
    const write = (file: string, text: string) => site.write(file, text);
    write('package.json', JSON.stringify({ workspaces: [...APPS] }));
    write('root-config/dist/index.html', PLAIN_SHELL);
    for (const { url: at, imports } of Object.values(BUNDLES)) {
      const file = at.startsWith('/shared/') ? `root-config/dist${at}` : at.replace(/^\/apps\/([^/]+)\//, '$1/dist/');
      write(file, `/*! For license information please see x.LICENSE.txt */\nSystem.register(${JSON.stringify(imports)},(function(e,t){return{execute:function(){}}}));`);
    }
    write('import-map.json', JSON.stringify({ imports: Object.fromEntries(Object.entries(BUNDLES).map(([s, b]) => [s, b.url])) }));
    app = await site.start();
  });
  afterAll(() => site.close());

  /** Serves `shell` as root-config's index.html while `run` asks, then the plain shell again. */
  async function withShell(shell: string, run: () => Promise<void>): Promise<void> {
    site.write('root-config/dist/index.html', shell);
    try {
      await run();
    } finally {
      site.write('root-config/dist/index.html', PLAIN_SHELL);
    }
  }
  const preloaded = (html: string) => [...html.matchAll(/<link rel="preload" as="script" href="([^"]+)">/g)].map((m) => m[1]);
  const meta = (html: string, name: string) => (new RegExp(`<meta name="${name}" content="([^"]*)">`).exec(html)?.[1] ?? '').split(' ').filter(Boolean);

  test('the login page preloads @flexpay/login and what it imports, none of the signed-in suite', async () => {
    for (const pathname of ['/login', '/forgetPassword', '/contactUs']) {
      const page = await app.inject({ url: pathname });
      const now = preloaded(page.body);
      expect(new Set(now)).toEqual(new Set(['@flexpay/root-config', 'single-spa', '@flexpay/login', 'react', 'react-dom/client', 'react/jsx-runtime'].map(url)));
      // The RSA module while the user types; once the form is usable, everything the dashboard needs (issue 24 items 2, 6).
      expect(meta(page.body, 'flexpay-preload-on-input')).toEqual([url('jsencrypt')]);
      expect(new Set(meta(page.body, 'flexpay-preload-after-sign-in'))).toEqual(
        new Set(['@flexpay/navbar-app', '@flexpay/shared-utility', '@flexpay/shared-utility/kit', '@flexpay/system-app', '@blueprintjs/core', '@blueprintjs/icons', 'axios'].map(url)),
      );
      expect(page.headers.vary).toContain('Cookie');
    }
  });

  test('a signed-in route preloads the navbar and its own app at the import map URLs, not the other apps', async () => {
    const page = await app.inject({ url: '/order/index', headers: { cookie: 'flexpay_admin_token=abc' } });
    const now = preloaded(page.body);
    expect(now).toEqual(expect.arrayContaining(['@flexpay/root-config', '@flexpay/navbar-app', '@flexpay/finance-app', '@flexpay/shared-utility/kit', 'rxjs'].map(url)));
    for (const other of ['@flexpay/system-app', '@flexpay/people-app', '@flexpay/tasks-app', 'jsencrypt', 'echarts']) expect(now).not.toContain(url(other));
    expect(page.body).not.toContain('flexpay-preload-after-sign-in');
    // Each script once.
    expect(new Set(now).size).toBe(now.length);
  });

  test('a signed-in path asked for without a session cookie preloads the login page it is sent to', async () => {
    const page = await app.inject({ url: '/order/index' });
    expect(preloaded(page.body)).toContain(url('@flexpay/login'));
    for (const other of ['@flexpay/system-app', '@flexpay/finance-app', '@flexpay/shared-utility']) expect(preloaded(page.body)).not.toContain(url(other));
  });

  test('where index.html marks the place, the preloads come after its stylesheets and SystemJS (they take the first connections)', async () => {
    const shell = '<html><head><!--FLEXPAY_RUNTIME--><link rel="stylesheet" href="/vendor/blueprint.css"><script src="/vendor/system.min.js"></script><!--FLEXPAY_PRELOADS--></head><body>shell</body></html>';
    await withShell(shell, async () => {
      const page = await app.inject({ url: '/login' });
      const firstPreload = page.body.indexOf('<link rel="preload" as="script"');
      expect(firstPreload).toBeGreaterThan(page.body.indexOf('/vendor/system.min.js'));
      expect(page.body.indexOf('/vendor/blueprint.css')).toBeLessThan(firstPreload);
      expect(page.body.indexOf('window.__FLEXPAY__')).toBeLessThan(page.body.indexOf('/vendor/blueprint.css'));
      expect(preloaded(page.body)).toContain(url('@flexpay/login'));
      expect(page.body).not.toContain('<!--FLEXPAY_');
    });
  });

  test('the page carries its import map inline (data, with the ETag /import-map.json answers), not a link SystemJS fetches after boot', async () => {
    const shell =
      '<html><head><!--FLEXPAY_RUNTIME--><link rel="preload" href="/import-map.json" as="fetch" crossorigin="anonymous" />' +
      '<script type="systemjs-importmap" src="/import-map.json"></script><script src="/vendor/system.min.js"></script><!--FLEXPAY_PRELOADS--></head><body>shell</body></html>';
    const mapText = fs.readFileSync(path.join(repo, 'import-map.json'), 'utf8');
    await withShell(shell, async () => {
      try {
        site.write('import-map.json', JSON.stringify({ imports: { ...JSON.parse(mapText).imports, evil: '/x</script><script>alert(1)</script>' } }));
        const page = await app.inject({ url: '/login' });
        const etag = (await app.inject({ url: '/import-map.json' })).headers.etag as string;
        const inline = /<script type="systemjs-importmap" data-etag="([^"]*)">([^<]*)<\/script>/.exec(page.body);
        expect(inline).not.toBeNull();
        expect(inline![1].replace(/&quot;/g, '"')).toBe(etag);
        // `<` is written as \u003c: the map cannot end its script element; it parses back to the file's map.
        expect(JSON.parse(inline![2])).toEqual(JSON.parse(fs.readFileSync(path.join(repo, 'import-map.json'), 'utf8')));
        expect(page.body).not.toContain('src="/import-map.json"');
        expect(page.body).not.toContain('rel="preload" href="/import-map.json"');
        expect(page.body.match(/<script/g)).toHaveLength(3);
      } finally {
        site.write('import-map.json', mapText);
      }
    });
  });

  test("a page the login module draws links the module's subset of blueprint.css, naming the whole sheet for later; other pages the whole sheet", async () => {
    const shell =
      '<html><head><!--FLEXPAY_RUNTIME--><link rel="stylesheet" href="/vendor/normalize.css" /><link rel="stylesheet" href="/vendor/blueprint.css" />' +
      '<script src="/vendor/system.min.js"></script><!--FLEXPAY_PRELOADS--></head><body>shell</body></html>';
    const subset = '<link rel="stylesheet" href="/apps/login/flexpay-login.css" data-flexpay-full="/vendor/blueprint.css" />';
    const whole = '<link rel="stylesheet" href="/vendor/blueprint.css" />';
    await withShell(shell, async () => {
      try {
        // No subset built (an older login build): every page keeps the whole sheet.
        expect((await app.inject({ url: '/login' })).body).toContain(whole);
        site.write('login/dist/flexpay-login.css', '.bp6-button{}');
        for (const pathname of ['/login', '/forgetPassword', '/contactUs', '/order/index']) {
          const page = await app.inject({ url: pathname });
          expect(page.body).toContain(subset);
          expect(page.body).not.toContain(whole);
          expect(page.body.indexOf('/vendor/normalize.css')).toBeLessThan(page.body.indexOf(subset));
          expect(page.body).toContain('<link rel="stylesheet" href="/vendor/normalize.css" />');
        }
        for (const pathname of ['/order/index', '/dashboard', '/']) {
          const page = await app.inject({ url: pathname, headers: { cookie: 'flexpay_admin_token=abc' } });
          expect(page.body).toContain(whole);
          expect(page.body).not.toContain('flexpay-login.css');
        }
        // The shell's small sheets come inside a login page, in their places (two requests fewer); a signed-in page links them.
        site.write('root-config/dist/vendor/normalize.css', 'button{margin:0}');
        const login = (await app.inject({ url: '/login' })).body;
        expect(login).toContain('<style data-flexpay-sheet="/vendor/normalize.css">button{margin:0}</style>');
        expect(login.indexOf('data-flexpay-sheet="/vendor/normalize.css"')).toBeLessThan(login.indexOf(subset));
        expect(login).not.toContain('<link rel="stylesheet" href="/vendor/normalize.css" />');
        const signedIn = (await app.inject({ url: '/dashboard', headers: { cookie: 'flexpay_admin_token=abc' } })).body;
        expect(signedIn).toContain('<link rel="stylesheet" href="/vendor/normalize.css" />');
        // A sheet that could end its element stays a link.
        site.write('root-config/dist/vendor/normalize.css', 'a{}</style><script>alert(1)</script>');
        expect((await app.inject({ url: '/login' })).body).toContain('<link rel="stylesheet" href="/vendor/normalize.css" />');
      } finally {
        fs.rmSync(path.join(repo, 'login/dist/flexpay-login.css'), { force: true });
        fs.rmSync(path.join(repo, 'root-config/dist/vendor/normalize.css'), { force: true });
      }
    });
  });

  test('every route of the route table: the root config, the navbar when signed in, and the app that owns it', () => {
    for (const route of allRoutes()) {
      const pathname = route.path.replace(/\/:[^/]+\?/g, '').replace(/:[^/]+/g, '1');
      const modules = routeModules(pathname);
      expect(modules).toEqual(['@flexpay/root-config', ...(route.public ? [] : ['@flexpay/navbar-app']), `@flexpay/${route.app}`]);
      const urls = preloadsFor(repo, { imports: Object.fromEntries(Object.entries(BUNDLES).map(([s, b]) => [s, b.url])) }, pathname, true).now;
      for (const other of APPS.filter((a) => a !== 'root-config' && a !== route.app && !(a === 'navbar-app' && !route.public))) {
        expect(urls).not.toContain(url(`@flexpay/${other}`));
      }
    }
  });

  test("a bundle's imports are read from its System.register header, after a licence comment", () => {
    expect(bundleImports(path.join(repo, 'navbar-app/dist/flexpay-navbar-app.js'))).toEqual(['@flexpay/shared-utility', '@flexpay/shared-utility/kit', '@blueprintjs/core']);
    expect(bundleImports(path.join(repo, 'navbar-app/dist/missing.js'))).toEqual([]);
  });
});
