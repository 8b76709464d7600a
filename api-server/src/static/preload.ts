import fs from 'node:fs';
import path from 'node:path';
import { appForPath, isPublicPath } from '@flexpay/shared-utility/src/pure';

/**
 * Issue 24: the page names every script its route needs in <link rel="preload"> tags, so the browser
 * fetches them all at once instead of discovering them one System.register level at a time. Which
 * modules a route needs comes from the route table (the app that owns the path, the navbar on every
 * signed-in path) and from the built bundles themselves: each starts with
 * `System.register([<its imports>], …)`, and the import map turns specifiers into URLs.
 */

const ROOT = '@flexpay/root-config';
const NAVBAR = '@flexpay/navbar-app';
/** Where a sign-in lands (the route the login page's form leads to). */
const AFTER_SIGN_IN = '/dashboard';
/** Loaded by the API client before the first encrypted call: the login form's submit. */
const ON_INPUT = ['jsencrypt'];
const SESSION_COOKIE = 'flexpay_admin_token';
const HEADER_BYTES = 2048;

export interface Preloads {
  /** Script URLs the current route loads, in the order to fetch them. */
  now: string[];
  /** Loaded once the user types on a public page (the sign-in's RSA module). */
  onInput: string[];
  /** Loaded (and run) once a public page's sign-in form is usable: what the page after sign-in needs. */
  afterSignIn: string[];
}

/** The file behind an import-map URL (the static routes of static.ts), or null for anything else. */
export function fileForUrl(repoRoot: string, url: string): string | null {
  if (url.startsWith('/shared/')) return path.join(repoRoot, 'root-config', 'dist', url);
  const match = /^\/apps\/([^/]+)\/(.+)$/.exec(url);
  if (!match || match[2].split('/').includes('..')) return null;
  return path.join(repoRoot, match[1], 'dist', match[2]);
}

const depsCache = new Map<string, { mtimeMs: number; deps: string[] }>();

/** The specifiers a built System.register bundle imports (read from its first bytes; cached per file version). */
export function bundleImports(file: string): string[] {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    return [];
  }
  const cached = depsCache.get(file);
  if (cached && cached.mtimeMs === stat.mtimeMs) return cached.deps;
  const handle = fs.openSync(file, 'r');
  const head = Buffer.alloc(HEADER_BYTES);
  const read = fs.readSync(handle, head, 0, HEADER_BYTES, 0);
  fs.closeSync(handle);
  const match = /System\.register\(\s*(\[[^\]]*\])/.exec(head.subarray(0, read).toString('utf8'));
  let deps: string[] = [];
  try {
    deps = match ? (JSON.parse(match[1]) as unknown[]).filter((d): d is string => typeof d === 'string') : [];
  } catch {
    deps = [];
  }
  depsCache.set(file, { mtimeMs: stat.mtimeMs, deps });
  return deps;
}

/** The URLs of `roots` and everything they import, breadth first, each once. */
function closure(repoRoot: string, imports: Record<string, string>, roots: string[]): string[] {
  const seen = new Set<string>();
  const urls: string[] = [];
  const queue = [...roots];
  while (queue.length > 0) {
    const specifier = queue.shift()!;
    if (seen.has(specifier)) continue;
    seen.add(specifier);
    const url = imports[specifier];
    if (!url || !url.startsWith('/')) continue;
    urls.push(url);
    const file = fileForUrl(repoRoot, url);
    if (file) queue.push(...bundleImports(file));
  }
  return urls;
}

/** The modules a path's page starts: root config, the navbar when signed in, the route's app. */
export function routeModules(pathname: string): string[] {
  const app = appForPath(pathname);
  const modules = [ROOT];
  if (!isPublicPath(pathname)) modules.push(NAVBAR);
  if (app) modules.push(`@flexpay/${app}`);
  return modules;
}

export function hasSessionCookie(cookieHeader: string | undefined): boolean {
  return (cookieHeader ?? '').split(';').some((part) => part.trim().startsWith(`${SESSION_COOKIE}=`) && part.trim().length > SESSION_COOKIE.length + 1);
}

/**
 * What the page at `pathname` preloads. A signed-in path asked for without a session cookie is
 * answered as the login page it will be sent to (the guard redirects before any app mounts).
 */
/** The page a request for `pathname` shows first: a signed-in path without a session is the login page. */
export function landingPath(pathname: string, signedIn: boolean): string {
  return !isPublicPath(pathname) && !signedIn ? '/login' : pathname === '/' ? AFTER_SIGN_IN : pathname;
}

export function preloadsFor(repoRoot: string, importMap: { imports?: Record<string, string> }, pathname: string, signedIn: boolean): Preloads {
  const imports = importMap.imports ?? {};
  const landing = landingPath(pathname, signedIn);
  const now = closure(repoRoot, imports, routeModules(landing));
  if (!isPublicPath(landing)) return { now, onInput: [], afterSignIn: [] };
  const loaded = new Set(now);
  const onInput = closure(repoRoot, imports, ON_INPUT).filter((url) => !loaded.has(url));
  const afterSignIn = closure(repoRoot, imports, routeModules(AFTER_SIGN_IN)).filter((url) => !loaded.has(url));
  return { now, onInput, afterSignIn };
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The tags placed in <head>: a preload per script of the route (no crossorigin attribute: SystemJS
 * loads same-origin scripts without one, so the preloaded response is the one it uses), and two meta
 * tags root-config reads to preload the rest while the user types and once the sign-in form is usable.
 */
export function preloadTags(preloads: Preloads): string {
  const links = preloads.now.map((url) => `<link rel="preload" as="script" href="${escapeAttribute(url)}">`);
  const meta = (name: string, urls: string[]) => (urls.length > 0 ? `<meta name="${name}" content="${escapeAttribute(urls.join(' '))}">` : '');
  return links.join('') + meta('flexpay-preload-on-input', preloads.onInput) + meta('flexpay-preload-after-sign-in', preloads.afterSignIn);
}

/** index.html's link to the whole of Blueprint's style sheet. */
export const BLUEPRINT_CSS_LINK = '<link rel="stylesheet" href="/vendor/blueprint.css" />';
const BLUEPRINT_CSS = '/vendor/blueprint.css';
const LOGIN = '@flexpay/login';

/**
 * Issue 24 item 3: on a page the login module draws (a public path, or a signed-in path opened without a
 * session) the style sheet is the login module's subset of blueprint.css, built beside its bundle
 * (login/login-css.js: flexpay-login.css at the module's URL with .css), not the 560 KB sheet. The link
 * names the whole sheet in `data-flexpay-full`: the root config loads it once the form is usable and
 * before any signed-in app. Null — keep blueprint.css — on any other page, or when the module's
 * stylesheet is not on disk (a build without it).
 */
export function loginStylesheet(repoRoot: string, importMap: { imports?: Record<string, string> }, pathname: string, signedIn: boolean): string | null {
  const landing = landingPath(pathname, signedIn);
  if (!isPublicPath(landing) || appForPath(landing) !== 'login') return null;
  const url = importMap.imports?.[LOGIN];
  if (!url || !url.startsWith('/') || !url.endsWith('.js')) return null;
  const cssUrl = `${url.slice(0, -3)}.css`;
  const file = fileForUrl(repoRoot, cssUrl);
  if (!file || !fs.existsSync(file)) return null;
  return `<link rel="stylesheet" href="${escapeAttribute(cssUrl)}" data-flexpay-full="${BLUEPRINT_CSS}" />`;
}
