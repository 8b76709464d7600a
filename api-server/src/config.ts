import fs from 'node:fs';
import path from 'node:path';

export type Mode = 'demo' | 'production';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL connection string; absent means SQLite in the data directory. */
  databaseUrl?: string;
  mode: Mode;
  /** FLEXPAY_CAPTCHA=off: any captcha answer is accepted (tests and scripted demos only). */
  captchaOff: boolean;
  /** FLEXPAY_STATIC=off: the API runs without serving the web suite. */
  staticOn: boolean;
  /** FLEXPAY_OVERRIDES=on: production pages still allow import-map overrides. */
  overridesOn: boolean;
  repoRoot: string;
  importMapPath: string;
  logLevel: string;
  /**
   * FLEXPAY_RATE_LIMIT: requests per client IP and minute on open and encrypted routes (captcha,
   * login, publicKey, password calls); 0 turns the limit off. Default 600.
   */
  openRateLimit?: number;
  /**
   * FLEXPAY_TRUST_PROXY: the reverse proxies whose X-Forwarded-For names the client (addresses,
   * CIDRs or `loopback`, comma-separated); unset trusts none. The per-IP limits key on that client.
   */
  trustProxy?: string[];
}

function trustProxyOf(raw: string | undefined): string[] | undefined {
  const list = (raw ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  return list.length > 0 ? list : undefined;
}

/** The monorepo root: the nearest ancestor whose package.json declares workspaces. */
export function findRepoRoot(start: string): string {
  let dir = path.resolve(start);
  for (;;) {
    const pkg = path.join(dir, 'package.json');
    if (fs.existsSync(pkg)) {
      try {
        if (JSON.parse(fs.readFileSync(pkg, 'utf8')).workspaces) return dir;
      } catch {
        // An unreadable package.json is not the root; keep walking up.
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) return path.resolve(start, '..', '..');
    dir = parent;
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const mode = (env.FLEXPAY_MODE ?? 'demo').trim();
  if (mode !== 'demo' && mode !== 'production') throw new Error(`FLEXPAY_MODE must be demo or production, got ${mode}`);
  const port = Number(env.PORT ?? 9000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT is not a valid port: ${env.PORT}`);
  const captchaOff = (env.FLEXPAY_CAPTCHA ?? '').toLowerCase() === 'off';
  if (mode === 'production' && captchaOff) throw new Error('FLEXPAY_CAPTCHA=off is not allowed in production mode');
  // Demo mode is for one machine: it listens on loopback unless HOST says otherwise. Production names
  // its interface explicitly (issue 12 finding 13).
  const host = env.HOST?.trim();
  if (mode === 'production' && !host) throw new Error('HOST must be set in production mode (for example HOST=0.0.0.0)');
  const openRateLimit = Number(env.FLEXPAY_RATE_LIMIT ?? 600);
  if (!Number.isInteger(openRateLimit) || openRateLimit < 0) throw new Error(`FLEXPAY_RATE_LIMIT must be a whole number, got ${env.FLEXPAY_RATE_LIMIT}`);
  // Source (src/) and bundle (dist/) both sit inside api-server/, so walking up finds the same root.
  const repoRoot = findRepoRoot(__dirname);
  return {
    port,
    host: host || '127.0.0.1',
    dataDir: path.resolve(cwd, env.FLEXPAY_DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    mode,
    captchaOff,
    staticOn: (env.FLEXPAY_STATIC ?? '').toLowerCase() !== 'off',
    overridesOn: (env.FLEXPAY_OVERRIDES ?? '').toLowerCase() === 'on',
    repoRoot,
    importMapPath: path.resolve(repoRoot, env.FLEXPAY_IMPORT_MAP ?? 'import-map.json'),
    logLevel: env.FLEXPAY_LOG_LEVEL ?? 'info',
    openRateLimit,
    trustProxy: trustProxyOf(env.FLEXPAY_TRUST_PROXY),
  };
}
