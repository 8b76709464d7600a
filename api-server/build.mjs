// Bundles the server into dist/. node_modules stay external (native better-sqlite3,
// svg-captcha fonts), except @flexpay/shared-utility, which ships TypeScript sources.
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path === '@flexpay/shared-utility' || args.path.startsWith('@flexpay/shared-utility/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

// dist/server.js serves in one process; dist/cluster.js forks FLEXPAY_WORKERS of them (npm run
// start:cluster); dist/rotate-key.js replaces the RSA key pair (npm run rotate-key); dist/seed-large.js
// fills a database with large-volume data (npm run seed:large).
await build({
  entryPoints: ['server', 'cluster', 'rotate-key', 'seed-large'].map((name) => path.join(here, 'src', `${name}.ts`)),
  outdir: path.join(here, 'dist'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  logLevel: 'info',
  plugins: [externalPackages],
});
