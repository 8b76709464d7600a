/**
 * 应用版本 (/ops/apps): what the deploy history (import-map.history.json, written by root-config/ops)
 * says of one app's URLs — who made a URL current last, and the order the screen lists the URLs in.
 */

/** One step of the history, as root-config/ops/import-map-file.cjs writes it. */
export interface AppStep {
  action: 'deploy' | 'rollback';
  specifier: string;
  from: string | undefined;
  to: string;
  at: string;
  by?: { type: 'script' | 'account'; account: string; name: string };
}

/** Who took a step: 脚本 (its OS user) or the account (its name and username); steps before the screen say 脚本. */
export function deployedByLabel(by: AppStep['by']): string {
  if (!by) return '脚本';
  return by.type === 'script' ? `脚本（${by.account}）` : `${by.name}（${by.account}）`;
}

/** The step that made `url` current most recently (null for the URL the suite was built with). */
export function lastStepTo<S extends AppStep>(steps: readonly S[], specifier: string, url: string): S | null {
  for (let i = steps.length - 1; i >= 0; i -= 1) if (steps[i].specifier === specifier && steps[i].to === url) return steps[i];
  return null;
}

/** Every URL an app had: the one in force first, then by when each last appeared in its steps (newest first). */
export function appVersionUrls(steps: readonly AppStep[], specifier: string, current: string): string[] {
  const urls: string[] = [];
  for (let i = steps.length - 1; i >= 0; i -= 1) {
    if (steps[i].specifier !== specifier) continue;
    for (const url of [steps[i].to, steps[i].from]) if (url && !urls.includes(url)) urls.push(url);
  }
  return [current, ...urls.filter((url) => url !== current)];
}

/** How many URLs an app's steps name. */
export function appVersionCount(steps: readonly AppStep[], specifier: string): number {
  return new Set(steps.filter((s) => s.specifier === specifier).flatMap((s) => [s.from, s.to]).filter(Boolean)).size;
}

/**
 * Who made a URL current and when, as 应用版本 shows it (the list and an app's history): its last step,
 * else the build — at `builtAt` (the file's time when the list knows it), by 构建. `at` formats a step's time.
 */
export function madeCurrentBy(step: AppStep | null, at: (iso: string) => string | null, builtAt: string | null = null) {
  return { deployedAt: step ? at(step.at) : builtAt, deployedBy: step ? deployedByLabel(step.by) : '构建', action: step?.action ?? 'build' };
}

/** What the server knows of one bundle file (its digest, sizes and time), or null when it has none. */
export interface AppFileFacts {
  hash: string;
  size: number;
  gzipSize: number;
  mtimeMs: number;
}

/**
 * One URL of an app as 应用版本 shows it: its digest (the file's, else the release folder's 12 hex digits in the
 * URL), sizes, whether the server can answer it, and the file's time (`at` formats it).
 */
export function appVersion(url: string, facts: AppFileFacts | null, at: (ms: number) => string | null) {
  return {
    url,
    hash: facts?.hash ?? /\/([0-9a-f]{12})\/[^/]+$/.exec(url)?.[1] ?? null,
    size: facts?.size ?? null,
    gzipSize: facts?.gzipSize ?? null,
    onDisk: facts !== null,
    fileTime: facts ? at(facts.mtimeMs) : null,
  };
}

/** The specifiers of the suite's apps in the import map; an app's key is its specifier without it (the name the scripts use). */
export const APP_PREFIX = '@flexpay/';

/** The app a request names by its key (`app`) in the map read now: its key, specifier and live URL, or why not (1001). */
export function appNamed(imports: Readonly<Record<string, string>>, app: unknown): { app: string; specifier: string; url: string } | { error: string } {
  if (typeof app !== 'string' || app === '') return { error: '请选择应用' };
  const specifier = APP_PREFIX + app;
  return Object.prototype.hasOwnProperty.call(imports, specifier) ? { app, specifier, url: imports[specifier] } : { error: '应用不存在' };
}

/** The URL a rollback asks for: none (the version before the live one), else a text of at most 500 characters (1001). */
export function rollbackUrl(raw: unknown): { url: string | undefined } | { error: string } {
  if (raw === undefined || raw === null || raw === '') return { url: undefined };
  return typeof raw === 'string' && raw.length <= 500 ? { url: raw } : { error: '版本地址格式错误' };
}

/** What 应用版本 reads besides the map and the history: one URL as shown (appVersion of its file), a step's time as text, the URL in force before `url` (the scripts' `previousUrl`). */
export interface AppReader<S extends AppStep> {
  version: (url: string) => ReturnType<typeof appVersion>;
  at: (iso: string | undefined) => string | null;
  previous: (steps: S[], specifier: string, url: string) => string | undefined;
}

/** 应用版本's list: one row per app of the map — its live version, who made it current, the URL before it, how many URLs it had. */
export function appRows<S extends AppStep>(imports: Readonly<Record<string, string>>, steps: S[], read: AppReader<S>) {
  const records = Object.entries(imports)
    .filter(([specifier]) => specifier.startsWith(APP_PREFIX))
    .map(([specifier, url]) => {
      const live = read.version(url);
      const made = madeCurrentBy(lastStepTo(steps, specifier, url), read.at, live.fileTime);
      return { app: specifier.slice(APP_PREFIX.length), specifier, ...live, ...made, previousUrl: read.previous(steps, specifier, url) ?? null, versions: appVersionCount(steps, specifier) };
    });
  return { records, total: records.length };
}

/** One app's history: every URL it had (appVersionUrls), the current one marked, and its steps newest first. */
export function appHistory<S extends AppStep>(specifier: string, current: string, allSteps: S[], read: AppReader<S>) {
  const steps = allSteps.filter((s) => s.specifier === specifier);
  const versions = appVersionUrls(steps, specifier, current).map((url) => ({ ...read.version(url), current: url === current, ...madeCurrentBy(lastStepTo(steps, specifier, url), read.at) }));
  const entries = [...steps].reverse().map((s) => ({ action: s.action, from: s.from ?? null, to: s.to, at: read.at(s.at), by: deployedByLabel(s.by) }));
  return { app: specifier.slice(APP_PREFIX.length), specifier, current, previousUrl: read.previous(steps, specifier, current) ?? null, versions, entries };
}
