import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { BLUEPRINT_CSS_LINK, hasSessionCookie, loginStylesheet, preloadsFor, preloadTags } from './preload';

/** Apps served at /apps/<name>/ from <repo>/<name>/dist (CONTRACT.md layout). */
export const STATIC_APPS = [
  'navbar-app',
  'system-app',
  'finance-app',
  'people-app',
  'tasks-app',
  'login',
  'shared-utility',
  'root-config',
] as const;

const RUNTIME_PLACEHOLDER = '<!--FLEXPAY_RUNTIME-->';
const PRELOADS_PLACEHOLDER = '<!--FLEXPAY_PRELOADS-->';
const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Files of the root shell that never change under their URL: webpack's content-hashed chunks, and the
 * icons' paths in a folder named by the icons package's version (root-config/shared-deps/icon-files.js).
 */
const IMMUTABLE_ROOT_FILES = /^shared\/(chunks\/|icons\/[^/]+\/)/;

/** Content-hashed folders: webpack `chunks/` output or a hex hash directory name. */
function inHashedFolder(relative: string): boolean {
  const dirs = relative.split(/[\\/]/).slice(0, -1);
  return dirs.some((d) => d === 'chunks' || /^[0-9a-f]{8,}$/i.test(d));
}

export function runtimeSnippet(config: Config): string {
  const script = `<script>window.__FLEXPAY__={mode:${JSON.stringify(config.mode)}}</script>`;
  // Production pages refuse import-map overrides unless the operator opts in.
  const deny =
    config.mode === 'production' && !config.overridesOn
      ? '<meta name="import-map-overrides-domains" content="denylist:*">'
      : '';
  return deny + script;
}

export function registerStatic(app: FastifyInstance, config: Config): void {
  const rootDist = path.join(config.repoRoot, 'root-config', 'dist');

  // The root shell: only shared/chunks/ and shared/icons/<version>/ are immutable there; the rest revalidates by ETag. Each file is
  // sent as the build's brotli copy (.br) when the browser accepts it, else its gzip copy, else as is.
  app.register(fastifyStatic, {
    root: rootDist,
    prefix: '/',
    index: false,
    cacheControl: false,
    preCompressed: true,
    setHeaders: (res, filePath) => {
      const relative = path.relative(rootDist, filePath).split(path.sep).join('/');
      res.setHeader('Cache-Control', IMMUTABLE_ROOT_FILES.test(relative) ? IMMUTABLE : NO_CACHE);
      res.setHeader('Vary', 'Accept-Encoding');
    },
  });
  for (const name of STATIC_APPS) {
    const root = path.join(config.repoRoot, name, 'dist');
    app.register(fastifyStatic, {
      root,
      prefix: `/apps/${name}/`,
      index: false,
      cacheControl: false,
      decorateReply: false,
      preCompressed: true,
      setHeaders: (res, filePath) => {
        res.setHeader('Cache-Control', inHashedFolder(path.relative(root, filePath)) ? IMMUTABLE : NO_CACHE);
        res.setHeader('Vary', 'Accept-Encoding');
      },
    });
  }

  // Read on every request so a deploy can swap the import map without restarting the server.
  app.get('/import-map.json', async (request, reply) => {
    let text: string;
    try {
      text = await fs.promises.readFile(config.importMapPath, 'utf8');
    } catch {
      return reply.status(404).header('Cache-Control', 'no-store').send({ error: 'import map not found' });
    }
    // A content ETag: open pages compare it to learn that a deploy or rollback changed the map (root-config version-banner).
    const etag = importMapEtag(text);
    // no-cache, not no-store: the browser keeps the map and revalidates it by this ETag on every load (issue 24).
    reply.header('ETag', etag).header('Cache-Control', NO_CACHE);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.header('Content-Type', 'application/importmap+json; charset=utf-8').send(text);
  });

  const page = (request: FastifyRequest, reply: FastifyReply) => sendIndex(config, rootDist, request, reply);
  app.get('/', page);
  app.get('/index.html', page);
}

async function sendIndex(config: Config, rootDist: string, request: FastifyRequest, reply: FastifyReply) {
  let html: string;
  try {
    html = await fs.promises.readFile(path.join(rootDist, 'index.html'), 'utf8');
  } catch {
    return reply.status(404).type('text/plain; charset=utf-8').send('页面不存在（root-config 尚未构建）');
  }
  const mapText = await readImportMap(config);
  // The route's script preloads go after the page's stylesheets and SystemJS (what the first paint and the
  // boot wait for) when index.html marks the place, so those take the browser's first connections (issue 24).
  const preloads = routePreloads(config, request, mapText);
  html = inlineImportMap(html, mapText);
  html = swapStylesheet(config, request, html, mapText);
  html = html.includes(PRELOADS_PLACEHOLDER)
    ? html.replace(RUNTIME_PLACEHOLDER, runtimeSnippet(config)).replace(PRELOADS_PLACEHOLDER, preloads)
    : html.replace(RUNTIME_PLACEHOLDER, runtimeSnippet(config) + preloads);
  const etag = `"${crypto.createHash('sha1').update(html).digest('base64url')}"`;
  // The preloads depend on whether a session cookie came (a signed-in path without one is the login page).
  reply.header('Cache-Control', NO_CACHE).header('ETag', etag).header('Vary', 'Cookie');
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  return reply.type('text/html; charset=utf-8').send(html);
}

/** The import map's content ETag (a deploy or rollback changes it). */
export function importMapEtag(text: string): string {
  return `"${crypto.createHash('sha1').update(text).digest('base64url')}"`;
}

async function readImportMap(config: Config): Promise<string | null> {
  try {
    return await fs.promises.readFile(config.importMapPath, 'utf8');
  } catch {
    return null;
  }
}

/** index.html's link to the import map (SystemJS fetches it on the first import) and its preload. */
export const IMPORT_MAP_TAG = '<script type="systemjs-importmap" src="/import-map.json"></script>';
export const IMPORT_MAP_PRELOAD = '<link rel="preload" href="/import-map.json" as="fetch" crossorigin="anonymous" />';

/**
 * Issue 24 item 3: the page carries the import map it was served with, inline — data, not script, so
 * the CSP allows it — instead of SystemJS fetching /import-map.json after boot.js has run: on the cold
 * path that request waited behind the page's scripts for one of HTTP/1.1's six connections. The JSON is
 * checked and written with `<` escaped, so it cannot close the script element. An unreadable or
 * invalid map leaves the page as built (the link to the file).
 */
export function inlineImportMap(html: string, mapText: string | null): string {
  if (mapText === null || !html.includes(IMPORT_MAP_TAG)) return html;
  let map: unknown;
  try {
    map = JSON.parse(mapText);
  } catch {
    return html;
  }
  // data-etag: the /import-map.json ETag of this map, which the root config's version watch starts from.
  const inline = `<script type="systemjs-importmap" data-etag="${importMapEtag(mapText).replace(/"/g, '&quot;')}">${JSON.stringify(map).replace(/</g, '\\u003c')}</script>`;
  return html.replace(IMPORT_MAP_PRELOAD, '').replace(IMPORT_MAP_TAG, () => inline);
}

/** blueprint.css → the login module's subset on a page the login module draws (preload.ts loginStylesheet). */
function swapStylesheet(config: Config, request: FastifyRequest, html: string, mapText: string | null): string {
  if (mapText === null || !html.includes(BLUEPRINT_CSS_LINK)) return html;
  try {
    const pathname = new URL(request.url, 'http://localhost').pathname;
    const link = loginStylesheet(config.repoRoot, JSON.parse(mapText), pathname, hasSessionCookie(request.headers.cookie));
    return link ? inlineSmallSheets(path.join(config.repoRoot, 'root-config', 'dist'), html.replace(BLUEPRINT_CSS_LINK, () => link)) : html;
  } catch {
    return html;
  }
}

/** The shell's two small style sheets, written into a login page in place of their links (below). */
export const INLINED_SHEETS = ['/vendor/normalize.css', '/root-config.css'];
const sheetCache = new Map<string, { version: string; text: string }>();

function sheetText(file: string): string | null {
  try {
    const { mtimeMs, size } = fs.statSync(file);
    const version = `${mtimeMs}:${size}`;
    const cached = sheetCache.get(file);
    if (cached?.version === version) return cached.text;
    const text = fs.readFileSync(file, 'utf8');
    sheetCache.set(file, { version, text });
    return text;
  } catch {
    return null;
  }
}

/**
 * Issue 24 item 3: on a login page normalize.css (6 KB) and root-config.css (1 KB) come inside the page as
 * <style> elements (the CSP allows inline styles), in their links' places: two requests fewer for HTTP/1.1's
 * six connections before boot.js may run (it waits for every style sheet). The whole of blueprint.css,
 * loaded later, goes between them as on a signed-in page. A sheet that cannot be read, or holds `</`,
 * keeps its link.
 */
function inlineSmallSheets(rootDist: string, html: string): string {
  let out = html;
  for (const url of INLINED_SHEETS) {
    const link = `<link rel="stylesheet" href="${url}" />`;
    const text = out.includes(link) ? sheetText(path.join(rootDist, url)) : null;
    if (text !== null && !text.includes('</')) out = out.replace(link, () => `<style data-flexpay-sheet="${url}">${text}</style>`);
  }
  return out;
}

/** The route's script preloads (preload.ts); none when the import map cannot be read. */
function routePreloads(config: Config, request: FastifyRequest, mapText: string | null): string {
  if (mapText === null) return '';
  try {
    const map = JSON.parse(mapText) as { imports?: Record<string, string> };
    const pathname = new URL(request.url, 'http://localhost').pathname;
    return preloadTags(preloadsFor(config.repoRoot, map, pathname, hasSessionCookie(request.headers.cookie)));
  } catch {
    return '';
  }
}

/** Client-side routes: any page path that is not a file answers the shell (SPA fallback). */
export function isPagePath(url: string): boolean {
  if (url.startsWith('/api/') || url.startsWith('/apps/') || url.startsWith('/shared/')) return false;
  return path.posix.extname(url) === '';
}

export function spaFallback(config: Config) {
  const rootDist = path.join(config.repoRoot, 'root-config', 'dist');
  return (request: FastifyRequest, reply: FastifyReply) => sendIndex(config, rootDist, request, reply);
}
