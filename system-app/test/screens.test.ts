import fs from 'node:fs';
import path from 'node:path';
import { allRoutes } from '@flexpay/shared-utility/src/pure';

const SRC = path.join(__dirname, '..', 'src');

function screenFiles(dir = SRC): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return screenFiles(full);
    return /\.screen\.tsx?$/.test(e.name) ? [full] : [];
  });
}

/** The `route` a screen file exports (read from its text: importing would load the kit's React views). */
const exportedRoute = (file: string) => /export const route = '([^']+)'/.exec(fs.readFileSync(file, 'utf8'))?.[1];

describe('system-app screen files', () => {
  const files = screenFiles();

  test('each serves the route its path names, is listed in screens.ts and belongs to system-app in the route table', () => {
    const index = fs.readFileSync(path.join(SRC, 'screens.ts'), 'utf8');
    const table = new Map(allRoutes().map((r) => [r.path, r.app]));
    for (const file of files) {
      const relative = path.relative(SRC, file).replace(/\\/g, '/').replace(/\.screen\.tsx?$/, '');
      // A route with parameters (/client/cliMercht/:clientCode?/:merchtCode?) lives in the file of its fixed part.
      const route = exportedRoute(file);
      expect(route?.replace(/\/:[^/]+/g, '')).toBe(`/${relative}`);
      expect(index).toContain(`'./${relative}.screen'`);
      expect(table.get(route!)).toBe('system-app');
    }
    expect(files.length).toBeGreaterThanOrEqual(3);
  });
});
