// `npm test`: installs what a fresh machine lacks, builds the suite, type-checks, runs jest and
// Playwright, and ends with one line of its own: "N passed, N failed".
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findPostgresBin } from './support/postgres-bin.mjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(REPO, '.tmp', 'test-results');
fs.mkdirSync(OUT, { recursive: true });

const isRoot = process.getuid?.() === 0;
const CHROMIUM = '/usr/bin/chromium';

function hasCjkFont() {
  const result = spawnSync('fc-list', [':lang=zh'], { encoding: 'utf8' });
  return result.status === 0 && result.stdout.trim().length > 0;
}

function ensureSystemPackages() {
  const missing = [];
  if (!fs.existsSync(CHROMIUM)) missing.push('chromium');
  if (!hasCjkFont()) missing.push('fonts-wqy-microhei');
  if (!findPostgresBin('initdb')) missing.push('postgresql');
  if (missing.length === 0) return;
  if (!isRoot) {
    console.error(`缺少系统软件包：${missing.join(' ')}。请以 root 运行 npm test，或先执行 apt-get install -y ${missing.join(' ')}`);
    process.exit(1);
  }
  console.log(`安装系统软件包：${missing.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', ...missing], { stdio: 'inherit', env });
}

function step(title, command, args, options = {}) {
  console.log(`\n=== ${title} ===`);
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: REPO, ...options });
  return result.status ?? 1;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

ensureSystemPackages();

let failures = 0;
if (!process.env.FLEXPAY_SKIP_BUILD) {
  if (step('构建', process.execPath, [path.join(REPO, 'root-config', 'ops', 'build-all.mjs')]) !== 0) {
    console.log('\n0 passed, 1 failed');
    process.exit(1);
  }
}
const typecheckStatus = step('类型检查', process.execPath, [path.join(REPO, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json']);

const jestFile = path.join(OUT, 'jest.json');
fs.rmSync(jestFile, { force: true });
step('单元与服务端测试 (jest)', process.execPath, [
  path.join(REPO, 'node_modules', 'jest', 'bin', 'jest.js'),
  '-c', 'jest.config.js', '--json', `--outputFile=${jestFile}`, '--runInBand',
]);
const jest = readJson(jestFile);
const jestPassed = jest?.numPassedTests ?? 0;
const jestFailed = jest ? jest.numFailedTests + (jest.numRuntimeErrorTestSuites ?? 0) : 1;

const pwFile = path.join(OUT, 'playwright.json');
fs.rmSync(pwFile, { force: true });
step('端到端测试 (Playwright)', process.execPath, [
  path.join(REPO, 'node_modules', '@playwright', 'test', 'cli.js'),
  'test', '-c', path.join('tests', 'playwright.config.ts'),
], { env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: pwFile } });
const pw = readJson(pwFile);
const pwPassed = pw ? pw.stats.expected + pw.stats.flaky : 0;
const pwFailed = pw ? pw.stats.unexpected + (pw.errors?.length ?? 0) : 1;

failures += jestFailed + pwFailed;
if (typecheckStatus !== 0) {
  console.log('\n类型检查未通过');
  failures += 1;
}
console.log(`\njest: ${jestPassed} passed, ${jestFailed} failed; playwright: ${pwPassed} passed, ${pwFailed} failed${typecheckStatus ? '; typecheck failed' : ''}`);
console.log(`${jestPassed + pwPassed} passed, ${failures} failed`);
process.exit(failures > 0 ? 1 : 0);
