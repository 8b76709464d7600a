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
import { type AppFileFacts, appHistory, appNamed, type AppReader, appRows, appVersion, rollbackUrl } from '@flexpay/shared-utility/src/pure/rules/server';
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
import { ruled } from '../../resource/codec';
import { formatDateTime } from '../../util/time';

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

const atText = (iso: string | undefined) => (iso ? formatDateTime(Date.parse(iso)) : null);

/** One of the scripts' files read now (every process of a cluster answers the same), or 1009 naming it when it cannot be read. */
const readNow = <T>(read: (mapPath: string) => T, message: string) => (deps: AppDeps): T => {
  try {
    return read(deps.config.importMapPath);
  } catch {
    return refuse(Code.CONFLICT, message);
  }
};
const readImports = readNow((mapPath) => readJson<ImportMap>(mapPath).imports, '导入映射文件无法读取');
const readSteps = readNow((mapPath): HistoryEntry[] => {
  const history = readHistory(historyPath(mapPath));
  return Array.isArray(history) ? history : [];
}, '发布记录文件无法读取');

/** How the pure rows (rules/app-versions.ts) read one URL here: from its file, its steps' times as text, the scripts' previousUrl. */
const reader = (deps: AppDeps): AppReader<HistoryEntry> => ({ version: (url) => appVersion(url, factsOf(fileOfUrl(deps.config.repoRoot, url)), formatDateTime), at: atText, previous: previousUrl });

function history(deps: AppDeps, body: Body) {
  const { specifier, url } = ruled(appNamed(readImports(deps), body.app));
  return appHistory(specifier, url, readSteps(deps), reader(deps));
}

/** The scripts' refusals that name a wrong request (1001); the others are the versions' state (1009). */
const ASKED_WRONG: ReadonlyArray<ImportMapError['reason']> = ['NOT_IN_HISTORY', 'UNKNOWN_APP'];

async function rollbackApp(ctx: SignedInContext) {
  const { deps, body, caller } = ctx;
  const { app, specifier } = ruled(appNamed(readImports(deps), body.app));
  const { url } = ruled(rollbackUrl(body.url));
  const by = { type: 'account' as const, account: caller.user.username, name: caller.user.name ?? caller.user.username };
  const step = await rollbackTo(deps.config.importMapPath, { app, specifier, url, by, repoRoot: deps.config.repoRoot }).catch((error: unknown) => {
    if (error instanceof ImportMapError) refuse(ASKED_WRONG.includes(error.reason) ? Code.VALIDATION : Code.CONFLICT, error.message);
    throw error;
  });
  const from = step.from ?? null;
  await audit(deps.db, { operator: caller.user, action: 'rollback', entity: 'app', entityId: app, changes: { url: { from, to: step.to } }, now: ctx.now });
  return { app, from, to: step.to, at: atText(step.at) };
}

export function opsAppRoutes(_deps: AppDeps): RouteSpec[] {
  return [
    { path: 'ops/query/apps/list', perm: codeOf('ACT_OPS_APPS_QUERY'), handler: async (ctx) => appRows(readImports(ctx.deps), readSteps(ctx.deps), reader(ctx.deps)) },
    { path: 'ops/query/apps/history', perm: codeOf('ACT_OPS_APPS_QUERY'), handler: async (ctx) => history(ctx.deps, ctx.body) },
    { path: 'ops/mgr/apps/rollback', perm: codeOf('ACT_OPS_APPS_ROLLBACK'), handler: async (ctx) => rollbackApp(ctx as SignedInContext) },
  ];
}
