// The one module that writes import-map.json and import-map.history.json: used by `npm run deploy`,
// `npm run rollback` (root-config/ops/*.mjs import it) and by the API server's 应用版本 routes
// (api-server/src/domain/ops, bundled into dist/server.js by esbuild; types in import-map-file.d.cts).
// CommonJS so that plain Node, esbuild and Jest (ts-jest, CommonJS) all load the same file unchanged.
'use strict';
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

/** A lock older than this is taken over (a writer holds it for milliseconds). */
const STALE_LOCK_MS = 30_000;
const LOCK_TIMEOUT_MS = 10_000;

/**
 * Write to a unique temp file in the same folder, flush it to disk, then rename over the target:
 * a reader (or a process killed at any instant) sees the old file or the new one, never half of one.
 */
function writeJsonAtomic(file, value) {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`);
  const fd = fs.openSync(temp, 'w');
  try {
    fs.writeFileSync(fd, JSON.stringify(value, null, 2) + '\n');
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  try {
    fs.renameSync(temp, file);
  } catch (error) {
    fs.rmSync(temp, { force: true });
    throw error;
  }
}

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

function historyPath(mapPath) {
  return path.join(path.dirname(mapPath), path.basename(mapPath, '.json') + '.history.json');
}

function readHistory(file) {
  return fs.existsSync(file) ? readJson(file) : [];
}

function appendHistory(file, entry) {
  writeJsonAtomic(file, [...readHistory(file), entry]);
}

function lockPath(mapPath) {
  return path.join(path.dirname(mapPath), `.${path.basename(mapPath)}.lock`);
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** A lock left by a process that died (or one older than STALE_LOCK_MS) is removed. */
function clearStaleLock(file) {
  let holder;
  try {
    holder = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    // Being written this very moment, or garbage: only its age can tell.
    holder = null;
  }
  let age = 0;
  try {
    age = Date.now() - fs.statSync(file).mtimeMs;
  } catch {
    return;
  }
  const dead = holder && typeof holder.pid === 'number' && holder.host === os.hostname() && !alive(holder.pid);
  if (dead || age > STALE_LOCK_MS) fs.rmSync(file, { force: true });
}

/**
 * Runs `fn` holding the map's lock file (created with O_EXCL beside the map), so writers of every
 * process — deploy and rollback scripts, every server process of a cluster, two requests of one
 * process — read, change and write the map and its history one after another.
 */
async function withMapLock(mapPath, fn, options = {}) {
  const file = lockPath(mapPath);
  const deadline = Date.now() + (options.timeoutMs ?? LOCK_TIMEOUT_MS);
  let fd;
  for (;;) {
    try {
      fd = fs.openSync(file, 'wx');
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      clearStaleLock(file);
      if (Date.now() > deadline) throw new ImportMapError('BUSY', '另一个发布或回滚正在进行，请稍后再试');
      await new Promise((resolve) => setTimeout(resolve, 15 + Math.random() * 20));
    }
  }
  try {
    fs.writeFileSync(fd, JSON.stringify({ pid: process.pid, host: os.hostname(), at: new Date().toISOString() }));
    fs.closeSync(fd);
    fd = undefined;
    return await fn();
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
    fs.rmSync(file, { force: true });
  }
}

class ImportMapError extends Error {
  constructor(reason, message) {
    super(message);
    this.name = 'ImportMapError';
    /** NOT_IN_HISTORY | MISSING_FILE | NO_PREVIOUS | CURRENT | UNKNOWN_APP | BUSY */
    this.reason = reason;
  }
}

/** Every URL an app's history names (deploys' and rollbacks' from and to), oldest first. */
function urlsOf(history, specifier) {
  const urls = [];
  for (const entry of history) {
    if (entry.specifier !== specifier) continue;
    for (const url of [entry.from, entry.to]) if (url && !urls.includes(url)) urls.push(url);
  }
  return urls;
}

/** The URL in force before the latest deploy that is still current (what `npm run rollback` restores). */
function previousUrl(history, specifier, current) {
  const entry = history
    .filter((item) => item.action === 'deploy' && item.specifier === specifier)
    .reverse()
    .find((item) => item.to === current);
  return entry ? entry.from : undefined;
}

/**
 * Where a URL of the map lives on disk: /apps/<package>/<file> in <repo>/<package>/dist/<file>,
 * anything else in root-config/dist. Null for a URL that is not served from the repository.
 */
function fileOfUrl(repoRoot, url) {
  if (typeof url !== 'string' || !url.startsWith('/') || url.includes('..') || url.includes('\\') || url.includes('\0')) return null;
  const clean = url.split(/[?#]/)[0];
  const match = /^\/apps\/([a-z0-9-]+)\/(.+)$/.exec(clean);
  return match ? path.join(repoRoot, match[1], 'dist', match[2]) : path.join(repoRoot, 'root-config', 'dist', clean.slice(1));
}

function onDisk(repoRoot, url) {
  const file = fileOfUrl(repoRoot, url);
  try {
    return file !== null && fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** Points `specifier` at `url` (a deploy), under the lock, and records the step. */
async function deployUrl(mapPath, { app, specifier, url, by }) {
  return withMapLock(mapPath, () => {
    const map = readJson(mapPath);
    const from = map.imports[specifier];
    map.imports[specifier] = url;
    writeJsonAtomic(mapPath, map);
    const entry = { action: 'deploy', app, specifier, from, to: url, at: new Date().toISOString(), by };
    appendHistory(historyPath(mapPath), entry);
    return entry;
  });
}

/**
 * Points `specifier` back at `url` — one of the URLs of its history, still on disk — or, without
 * `url`, at the one in force before its latest deploy. Read, checked, written and recorded under the
 * lock; nothing is written when a check fails (ImportMapError).
 */
async function rollbackTo(mapPath, { app, specifier, url, by, repoRoot }) {
  return withMapLock(mapPath, () => {
    const map = readJson(mapPath);
    const current = map.imports[specifier];
    if (current === undefined) throw new ImportMapError('UNKNOWN_APP', `导入映射中没有 ${specifier}`);
    const file = historyPath(mapPath);
    const history = readHistory(file);
    let to = url;
    if (to === undefined || to === null || to === '') {
      to = previousUrl(history, specifier, current);
      if (!to) throw new ImportMapError('NO_PREVIOUS', `${specifier} 没有可回滚的发布记录（当前 ${current}）`);
    } else if (!urlsOf(history, specifier).includes(to)) {
      throw new ImportMapError('NOT_IN_HISTORY', '只能回滚到该应用发布记录中的版本');
    }
    if (to === current) throw new ImportMapError('CURRENT', '该版本已是当前版本');
    if (repoRoot && !onDisk(repoRoot, to)) throw new ImportMapError('MISSING_FILE', '该版本的文件已不在服务器上，不能回滚');
    map.imports[specifier] = to;
    writeJsonAtomic(mapPath, map);
    const entry = { action: 'rollback', app, specifier, from: current, to, at: new Date().toISOString(), by };
    appendHistory(file, entry);
    return entry;
  });
}

module.exports = {
  ImportMapError,
  appendHistory,
  deployUrl,
  fileOfUrl,
  historyPath,
  lockPath,
  onDisk,
  previousUrl,
  readHistory,
  readJson,
  rollbackTo,
  urlsOf,
  withMapLock,
  writeJsonAtomic,
};
