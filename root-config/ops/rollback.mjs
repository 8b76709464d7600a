// Restores the URL an app had before its latest deploy that is still in force.
import { DEPLOYABLE, REPO, importMapFile, importMapPath, scriptRunner } from './workspace.mjs';

const pkg = process.argv[2];
if (!DEPLOYABLE[pkg]) {
  console.error(`用法：npm run rollback -- <应用>，应用为 ${Object.keys(DEPLOYABLE).join(' / ')}`);
  process.exit(2);
}
const specifier = DEPLOYABLE[pkg];
try {
  const entry = await importMapFile.rollbackTo(importMapPath(), { app: pkg, specifier, by: scriptRunner(), repoRoot: REPO });
  console.log(`已回滚 ${specifier}\n  ${entry.from}\n→ ${entry.to}`);
} catch (error) {
  if (!(error instanceof importMapFile.ImportMapError)) throw error;
  console.error(error.message);
  process.exit(1);
}
