// Gzip sizes of what the browser downloads, read from the import map the server serves.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export function fileForUrl(repo, url) {
  if (url.startsWith('/shared/')) return path.join(repo, 'root-config', 'dist', url);
  const match = /^\/apps\/([^/]+)\/(.+)$/.exec(url);
  if (!match) throw new Error(`unknown URL ${url}`);
  return path.join(repo, match[1], 'dist', match[2]);
}

export function gzipSize(file) {
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

/** Shared dependencies loaded at start-up (xlsx is loaded only when a screen exports or imports). */
export const LAZY_SHARED = new Set(['xlsx']);

export function bundleSizes(repo) {
  const map = JSON.parse(fs.readFileSync(path.join(repo, 'import-map.json'), 'utf8')).imports;
  const apps = [];
  const shared = [];
  for (const [specifier, url] of Object.entries(map)) {
    const entry = { specifier, bytes: gzipSize(fileForUrl(repo, url)) };
    (specifier.startsWith('@flexpay/') ? apps : shared).push(entry);
  }
  return { apps, shared };
}
