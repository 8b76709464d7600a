/**
 * /ops/apps 应用版本 (SYS): every micro-app of import-map.json with its live URL, content hash, size
 * and who put it there; its history from import-map.history.json; a rollback to one of its earlier
 * URLs. The map and the history are read fresh on every call (every process of a cluster answers the
 * same), and written only through root-config/ops/import-map-file.cjs — the deploy and rollback
 * scripts' own atomic write, under the same lock file.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import zlib from 'node:zlib';
import { codeOf } from '@flexpay/shared-utility/src/pure';
import { type AppFileFacts, appVersion, appVersionCount, appVersionUrls, deployedByLabel, lastStepTo, madeCurrentBy } from '@flexpay/shared-utility/src/pure/rules/server';
import {
  fileOfUrl,
  historyPath,
  type HistoryEntry,
  type ImportMap,
  ImportMapError,
  previousUrl,
  readHistory,
  readJson,
  rollbackTo,
} from '../../../../root-config/ops/import-map-file.cjs';
import { audit } from '../../account/audit';
import type { AppDeps, Body, RouteSpec, SignedInContext } from '../../http/guard';
import { Code } from '../../http/codes';
import { refuse } from '../../http/envelope';
import { formatDateTime } from '../../util/time';

const PREFIX = '@flexpay/';

/** What one bundle file is: read once per (path, size, mtime) in this process. */
const factsCache = new Map<string, { key: string; facts: AppFileFacts }>();

/** The file's digest, sizes and time; null when it is not a file the server can read. */
function factsOf(file: string | null): AppFileFacts | null {
  if (!file) return null;
  try {
    const stat = fs.statSync(file);
    if (!stat.isFile()) return null;
    const key = `${stat.size}:${stat.mtimeMs}`;
    const cached = factsCache.get(file);
    if (cached?.key === key) return cached.facts;
    const content = fs.readFileSync(file);
    const facts = {
      // The same digest `npm run deploy` names its release folder with.
      hash: crypto.createHash('sha256').update(content).digest('hex').slice(0, 12),
      size: content.length,
      gzipSize: zlib.gzipSync(content).length,
      mtimeMs: stat.mtimeMs,
    };
    factsCache.set(file, { key, facts });
    return facts;
  } catch {
    return null;
  }
}

/** The app key of a specifier (`@flexpay/people-app` → `people-app`), the name the scripts use. */
const appOf = (specifier: string) => specifier.slice(PREFIX.length);

const atText = (iso: string | undefined) => (iso ? formatDateTime(Date.parse(iso)) : null);

/** A file of the scripts read now, or 1009 naming it when it cannot be read. */
function readOr<T>(read: () => T, message: string): T {
  try {
    return read();
  } catch {
    return refuse(Code.CONFLICT, message);
  }
}

const readMap = (deps: AppDeps) => readOr(() => readJson<ImportMap>(deps.config.importMapPath), '导入映射文件无法读取');

function readSteps(deps: AppDeps): HistoryEntry[] {
  const history = readOr(() => readHistory(historyPath(deps.config.importMapPath)), '发布记录文件无法读取');
  return Array.isArray(history) ? history : [];
}

/** One URL of an app as the screen shows it (rules/app-versions.ts appVersion) from its file here. */
const version = (deps: AppDeps, url: string) => appVersion(url, factsOf(fileOfUrl(deps.config.repoRoot, url)), formatDateTime);

function appSpecifier(map: ImportMap, body: Body): string {
  const app = body.app;
  if (typeof app !== 'string' || app === '') refuse(Code.VALIDATION, '请选择应用');
  const specifier = PREFIX + app;
  if (!Object.prototype.hasOwnProperty.call(map.imports, specifier)) refuse(Code.VALIDATION, '应用不存在');
  return specifier;
}

function listApps(deps: AppDeps) {
  const map = readMap(deps);
  const steps = readSteps(deps);
  const records = Object.entries(map.imports)
    .filter(([specifier]) => specifier.startsWith(PREFIX))
    .map(([specifier, url]) => {
      const live = version(deps, url);
      return {
        app: appOf(specifier),
        specifier,
        ...live,
        ...madeCurrentBy(lastStepTo(steps, specifier, url), atText, live.fileTime),
        previousUrl: previousUrl(steps, specifier, url) ?? null,
        versions: appVersionCount(steps, specifier),
      };
    });
  return { records, total: records.length };
}

function appHistory(deps: AppDeps, body: Body) {
  const map = readMap(deps);
  const specifier = appSpecifier(map, body);
  const current = map.imports[specifier];
  const steps = readSteps(deps).filter((s) => s.specifier === specifier);
  const versions = appVersionUrls(steps, specifier, current).map((url) => ({
    ...version(deps, url),
    current: url === current,
    ...madeCurrentBy(lastStepTo(steps, specifier, url), atText),
  }));
  const entries = [...steps].reverse().map((s) => ({ action: s.action, from: s.from ?? null, to: s.to, at: atText(s.at), by: deployedByLabel(s.by) }));
  return { app: appOf(specifier), specifier, current, previousUrl: previousUrl(steps, specifier, current) ?? null, versions, entries };
}

/** The scripts' refusals that name a wrong request (1001); the others are the versions' state (1009). */
const ASKED_WRONG: ReadonlyArray<ImportMapError['reason']> = ['NOT_IN_HISTORY', 'UNKNOWN_APP'];

async function rollbackApp(ctx: SignedInContext) {
  const { deps, body, caller } = ctx;
  const map = readMap(deps);
  const specifier = appSpecifier(map, body);
  const url = body.url === undefined || body.url === null || body.url === '' ? undefined : body.url;
  if (url !== undefined && (typeof url !== 'string' || url.length > 500)) refuse(Code.VALIDATION, '版本地址格式错误');
  const step = await rollbackTo(deps.config.importMapPath, {
    app: appOf(specifier),
    specifier,
    url,
    by: { type: 'account', account: caller.user.username, name: caller.user.name ?? caller.user.username },
    repoRoot: deps.config.repoRoot,
  }).catch((error: unknown) => {
    if (error instanceof ImportMapError) refuse(ASKED_WRONG.includes(error.reason) ? Code.VALIDATION : Code.CONFLICT, error.message);
    throw error;
  });
  await audit(deps.db, {
    operator: caller.user,
    action: 'rollback',
    entity: 'app',
    entityId: appOf(specifier),
    changes: { url: { from: step.from ?? null, to: step.to } },
    now: ctx.now,
  });
  return { app: appOf(specifier), from: step.from ?? null, to: step.to, at: atText(step.at) };
}

export function opsAppRoutes(_deps: AppDeps): RouteSpec[] {
  return [
    { path: 'ops/query/apps/list', perm: codeOf('ACT_OPS_APPS_QUERY'), handler: async (ctx) => listApps(ctx.deps) },
    { path: 'ops/query/apps/history', perm: codeOf('ACT_OPS_APPS_QUERY'), handler: async (ctx) => appHistory(ctx.deps, ctx.body) },
    { path: 'ops/mgr/apps/rollback', perm: codeOf('ACT_OPS_APPS_ROLLBACK'), handler: async (ctx) => rollbackApp(ctx as SignedInContext) },
  ];
}
