// `npm run bench` launcher: bundles the TypeScript benchmark with esbuild, then runs it.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
// `npm run bench -- pages` only the bundle sizes and page figures (issue 24);
// `npm run bench -- rsa-flood` runs only the RSA flood benchmark (issue 12), without a browser;
// `npm run bench -- kit-server` only the server kit's export and list figures; `npm run bench -- ledger`
// only the ledger's throughput and invariant-check figures; `npm run bench -- cluster` signed calls per
// second with 1, 2 and 4 server processes on PostgreSQL; `npm run bench:scale` (= `bench -- scale`) list calls on
// large data (issue 13); `npm run bench -- payout` a 5 000-line payout order through the worker (issue 10).
// `npm run bench -- statement` a 对账单 of more than 100 000 moves on PostgreSQL: first page and xlsx (issue 25).
const alone = { 'rsa-flood': 'rsa-flood-main.ts', 'kit-server': 'kit-server.ts', ledger: 'ledger.ts', cluster: 'cluster.ts', scale: 'scale.ts', payout: 'payout.ts', statement: 'statement.ts' };
const only = alone[process.argv[2]] ? process.argv[2] : null;
const outfile = path.join(here, '..', '..', '.tmp', only ? `bench-${only}.cjs` : 'bench.cjs');
await build({
  entryPoints: [path.join(here, only ? alone[only] : 'bench.ts')],
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  outfile,
  packages: 'external',
  // The server kit bench runs api-server's TypeScript in process; shared-utility is source, not a built package.
  alias: { '@flexpay/shared-utility': path.join(here, '..', '..', 'shared-utility') },
  logLevel: 'warning',
});
const result = spawnSync(process.execPath, [outfile, ...process.argv.slice(only ? 3 : 2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
