import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** Where the server finds the file behind an import-map URL (see api-server/src/static). */
export function fileForUrl(repo: string, url: string): string {
  if (url.startsWith('/shared/')) return path.join(repo, 'root-config', 'dist', url);
  const match = /^\/apps\/([^/]+)\/(.+)$/.exec(url);
  if (!match) throw new Error(`unknown URL ${url}`);
  return path.join(repo, match[1], 'dist', match[2]);
}

export function gzipSize(file: string): number {
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

/**
 * Shared dependencies the page loads on demand: SheetJS on the first Excel import or export, pinyin-pro
 * with the command palette, ECharts with the statistics charts, jsencrypt before the first encrypted call.
 */
export const LAZY_SHARED = new Set(['xlsx', 'pinyin-pro', 'echarts', 'jsencrypt']);

export interface SizedModule {
  specifier: string;
  /** gzip -9 of the file. */
  bytes: number;
  /** What the server sends to a browser accepting brotli: the precompressed .br beside the file, else the file. */
  transfer: number;
}

export function transferSize(file: string): number {
  for (const suffix of ['.br', '.gz']) if (fs.existsSync(file + suffix)) return fs.statSync(file + suffix).size;
  return fs.statSync(file).size;
}

export function bundleSizes(repo: string): { apps: SizedModule[]; shared: SizedModule[] } {
  const map: Record<string, string> = JSON.parse(fs.readFileSync(path.join(repo, 'import-map.json'), 'utf8')).imports;
  const apps: SizedModule[] = [];
  const shared: SizedModule[] = [];
  for (const [specifier, url] of Object.entries(map)) {
    const file = fileForUrl(repo, url);
    const entry = { specifier, bytes: gzipSize(file), transfer: transferSize(file) };
    (specifier.startsWith('@flexpay/') ? apps : shared).push(entry);
  }
  return { apps, shared };
}
