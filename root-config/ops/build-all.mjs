// Builds the whole suite: shared dependencies, root config, every micro-app and the API server.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { DEPLOYABLE, REPO, loadConfig, require, runWebpack } from './workspace.mjs';

const started = Date.now();
const rootDist = path.join(REPO, 'root-config', 'dist');

for (const pkg of Object.keys(DEPLOYABLE)) {
  fs.rmSync(path.join(REPO, pkg, 'dist'), { recursive: true, force: true });
}
fs.mkdirSync(path.join(rootDist, 'vendor'), { recursive: true });

const vendor = {
  'system.min.js': 'systemjs/dist/system.min.js',
  'import-map-overrides.js': 'import-map-overrides/dist/import-map-overrides.js',
  'normalize.css': 'normalize.css/normalize.css',
  'blueprint.css': '@blueprintjs/core/lib/css/blueprint.css',
  'blueprint-table.css': '@blueprintjs/table/lib/css/table.css',
};
for (const [target, source] of Object.entries(vendor)) {
  fs.copyFileSync(path.join(REPO, 'node_modules', source), path.join(rootDist, 'vendor', target));
}
for (const file of ['index.html', 'boot.js', 'root-config.css']) {
  fs.copyFileSync(path.join(REPO, 'root-config', 'src', file), path.join(rootDist, file));
}

const configs = [
  ...require(path.join(REPO, 'root-config', 'shared-deps', 'webpack.config.js')),
  ...Object.keys(DEPLOYABLE).map((pkg) => ({ ...loadConfig(pkg), name: pkg })),
];
await runWebpack(configs);
// The copied vendor files and style sheet get their brotli/gzip copies too (webpack's output gets them from the build).
const { precompressDir, precompressFile } = require(path.join(REPO, 'root-config', 'shared-deps', 'precompress.js'));
await precompressDir(path.join(rootDist, 'vendor'));
await precompressFile(path.join(rootDist, 'root-config.css'));
console.log(`前端构建完成：${configs.length} 个模块`);

execFileSync(process.execPath, [path.join(REPO, 'api-server', 'build.mjs')], { stdio: 'inherit', cwd: REPO });
console.log(`构建完成，用时 ${((Date.now() - started) / 1000).toFixed(1)} 秒`);
