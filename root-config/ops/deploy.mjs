// Ops hot-swap: build one app into an immutable content-hashed folder and atomically repoint the import map.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DEPLOYABLE, REPO, importMapFile, importMapPath, loadConfig, runWebpack, scriptRunner } from './workspace.mjs';

const pkg = process.argv[2];
if (!DEPLOYABLE[pkg]) {
  console.error(`用法：npm run deploy -- <应用>，应用为 ${Object.keys(DEPLOYABLE).join(' / ')}`);
  process.exit(2);
}

const dist = path.join(REPO, pkg, 'dist');
const staging = path.join(dist, `.staging-${process.pid}-${Date.now()}`);
process.env.FLEXPAY_OUT_DIR = staging;
process.env.FLEXPAY_BUILD_ID = new Date().toISOString();
const config = loadConfig(pkg);
await runWebpack(config);

const bundleName = config.output.filename;
const bundle = fs.readFileSync(path.join(staging, bundleName));
const hash = crypto.createHash('sha256').update(bundle).digest('hex').slice(0, 12);
const release = path.join(dist, hash);
if (fs.existsSync(release)) fs.rmSync(staging, { recursive: true, force: true });
else fs.renameSync(staging, release);

const specifier = DEPLOYABLE[pkg];
const next = `/apps/${pkg}/${hash}/${bundleName}`;
const entry = await importMapFile.deployUrl(importMapPath(), { app: pkg, specifier, url: next, by: scriptRunner() });
console.log(`已发布 ${specifier}\n  ${entry.from}\n→ ${next}`);
