// Restores the URL an app had before its latest deploy that is still in force.
import fs from 'node:fs';
import { DEPLOYABLE, historyPath, importMapPath } from './workspace.mjs';
import { appendHistory, readHistory, writeJsonAtomic } from './import-map-file.mjs';

const pkg = process.argv[2];
if (!DEPLOYABLE[pkg]) {
  console.error(`用法：npm run rollback -- <应用>，应用为 ${Object.keys(DEPLOYABLE).join(' / ')}`);
  process.exit(2);
}
const mapFile = importMapPath();
const map = JSON.parse(fs.readFileSync(mapFile, 'utf8'));
const specifier = DEPLOYABLE[pkg];
const current = map.imports[specifier];
const entry = readHistory(historyPath(mapFile))
  .filter((item) => item.action === 'deploy' && item.app === pkg)
  .reverse()
  .find((item) => item.to === current);
if (!entry) {
  console.error(`${specifier} 没有可回滚的发布记录（当前 ${current}）`);
  process.exit(1);
}
map.imports[specifier] = entry.from;
writeJsonAtomic(mapFile, map);
appendHistory(historyPath(mapFile), { action: 'rollback', app: pkg, specifier, from: current, to: entry.from, at: new Date().toISOString() });
console.log(`已回滚 ${specifier}\n  ${current}\n→ ${entry.from}`);
