/**
 * Issue 24 items 2–3: @flexpay/login is an app like the others — in the import map, served under
 * /apps/login/, built by `npm run build`, deployed and rolled back by the scripts (root-config/ops
 * DEPLOYABLE) and listed in 应用版本 (every @flexpay/ entry of the map). One test holds the lists together.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { allRoutes } from '@flexpay/shared-utility/src/pure';
import { fileOfUrl } from '../../root-config/ops/import-map-file.cjs';
import { STATIC_APPS } from '../src/static/static';

const REPO = path.join(__dirname, '..', '..');

function deployable(): Record<string, string> {
  const script = `import(${JSON.stringify(path.join(REPO, 'root-config', 'ops', 'workspace.mjs'))}).then((m) => process.stdout.write(JSON.stringify(m.DEPLOYABLE)))`;
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })) as Record<string, string>;
}

test('every app of the route table is deployable, served and in the import map at a file its build writes', () => {
  const apps = deployable();
  const map = JSON.parse(fs.readFileSync(path.join(REPO, 'import-map.json'), 'utf8')) as { imports: Record<string, string> };
  const owners = new Set(allRoutes().map((route) => route.app!));
  expect(owners).toContain('login');
  for (const app of owners) {
    const specifier = `@flexpay/${app}`;
    expect(apps[app]).toBe(specifier);
    expect(STATIC_APPS).toContain(app);
    const url = map.imports[specifier];
    expect(url).toBe(`/apps/${app}/flexpay-${app}.js`);
    // `npm run deploy -- <app>` builds <app>/webpack.config.js; the map's URL is the file that build writes.
    const config = require(path.join(REPO, app, 'webpack.config.js')) as { output: { filename: string; path: string } };
    expect(path.join(config.output.path, config.output.filename)).toBe(fileOfUrl(REPO, url));
  }
});
