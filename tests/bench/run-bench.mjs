// `npm run bench` launcher: bundles the TypeScript benchmark with esbuild, then runs it.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
// `npm run bench -- rsa-flood` runs only the RSA flood benchmark (issue 12), without a browser.
const only = process.argv[2] === 'rsa-flood';
const outfile = path.join(here, '..', '..', '.tmp', only ? 'bench-rsa-flood.cjs' : 'bench.cjs');
await build({
  entryPoints: [path.join(here, only ? 'rsa-flood-main.ts' : 'bench.ts')],
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  outfile,
  packages: 'external',
  logLevel: 'warning',
});
const result = spawnSync(process.execPath, [outfile, ...process.argv.slice(only ? 3 : 2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
