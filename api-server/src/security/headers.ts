/**
 * Security headers on every answer of the suite and the API (issue 21 item 8), through @fastify/helmet.
 *
 * The Content-Security-Policy lists what the suite really loads:
 * - scripts: the server's own files (SystemJS, import-map-overrides, the micro-apps, the shared
 *   dependency builds) plus the one inline script the server writes into the page (runtimeSnippet),
 *   allowed by its sha256 — no 'unsafe-inline', no 'unsafe-eval'. The shell's System.import call lives
 *   in root-config/src/boot.js. The page carries the import map inline (<script type="systemjs-importmap">:
 *   data the browser does not run, so no hash; issue 24) and SystemJS adds <script src> tags for modules.
 * - workers: the MD5 hashing worker is started from a blob: URL (kit/upload/md5-worker-source.ts).
 * - images: captcha pictures arrive as data: URLs, previews of chosen files as blob: URLs, the
 *   favicon is data:, Blueprint's CSS draws its icons with data: SVGs.
 * - frames and objects: a PDF preview shows a blob: URL in an iframe.
 * - styles: style-loader and Blueprint add <style> elements, React sets style attributes:
 *   'unsafe-inline' for styles only.
 * - connections: the API, the order-progress event stream and the import map are same-origin.
 * Import-map overrides (demo mode, or FLEXPAY_OVERRIDES=on) may point a module at a developer's
 * local webpack server; only then are http://localhost:* and http://127.0.0.1:* allowed too.
 *
 * The suite is never framed (frame-ancestors 'none', X-Frame-Options DENY). HSTS is sent only when
 * the request came over TLS: directly, or through a proxy trusted by FLEXPAY_TRUST_PROXY that says
 * X-Forwarded-Proto: https (Fastify's request.protocol).
 */
import crypto from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { runtimeSnippet } from '../static/static';

export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';
export const REFERRER_POLICY = 'same-origin';

/** A script element's type the browser runs (none, a JavaScript MIME type, module); others (the import map) are data. */
const RUN_TYPES = /^(|module|(text|application)\/(x-)?(java|ecma)script)$/i;

/** 'sha256-…' of every inline <script> body in an HTML fragment that the browser would run. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?:\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    const tag = match[0].slice(0, match[0].indexOf('>'));
    if (/\ssrc=/i.test(tag)) continue;
    if (!RUN_TYPES.test(/\stype=["']?([^"'\s>]*)/i.exec(tag)?.[1] ?? '')) continue;
    hashes.push(`'sha256-${crypto.createHash('sha256').update(match[1], 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** Where import-map overrides may load modules from: a developer's local servers, when overrides are on. */
function overrideSources(config: Config): string[] {
  const overridable = config.mode !== 'production' || config.overridesOn;
  return overridable ? ['http://localhost:*', 'http://127.0.0.1:*'] : [];
}

export function cspDirectives(config: Config): Record<string, string[]> {
  const dev = overrideSources(config);
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...inlineScriptHashes(runtimeSnippet(config)), ...dev],
    'worker-src': ["'self'", 'blob:'],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...dev],
    'frame-src': ["'self'", 'blob:'],
    'object-src': ["'self'", 'blob:'],
    'media-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/** The policy as sent, for tests and docs. */
export function cspHeader(config: Config): string {
  return Object.entries(cspDirectives(config))
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join(';');
}

export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    frameguard: { action: 'deny' },
    xContentTypeOptions: true,
    referrerPolicy: { policy: REFERRER_POLICY },
    // Sent below only over TLS; a plain-HTTP answer must not pin the host to HTTPS.
    strictTransportSecurity: false,
    // The open API is called from other servers and the suite loads nothing cross-origin: no COEP.
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS_VALUE);
  });
}
