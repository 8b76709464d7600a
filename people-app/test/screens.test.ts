import fs from 'node:fs';
import path from 'node:path';
import { routeCoverage } from '../../shared-utility/src/kit/entity/route-coverage';
import { STILL_TO_COME } from '../src/still-to-come';

const SRC = path.join(__dirname, '..', 'src');

function screenFiles(dir = SRC): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return screenFiles(full);
    return /\.screen\.tsx?$/.test(e.name) ? [full] : [];
  });
}

/** The `route` a screen file exports (read from its text: importing would load the kit's React views). */
function exportedRoute(file: string): string {
  const match = /export const route = '([^']+)'/.exec(fs.readFileSync(file, 'utf8'));
  if (!match) throw new Error(`${file} exports no route`);
  return match[1];
}

const files = screenFiles();
const routes = files.map(exportedRoute);

describe('people-app screens and the route table', () => {
  test('every screen file sits in the folder of its menu group and is listed in screens.ts', () => {
    const index = fs.readFileSync(path.join(SRC, 'screens.ts'), 'utf8');
    for (const file of files) {
      const relative = path.relative(SRC, file).replace(/\\/g, '/').replace(/\.screen\.tsx?$/, '');
      expect(exportedRoute(file)).toBe(`/${relative}`);
      expect(index).toContain(`'./${relative}.screen'`);
    }
    expect(files.length).toBeGreaterThanOrEqual(1);
  });

  test('every people-app route of the table is served by a screen or listed as still to come', () => {
    expect(routeCoverage('people-app', routes, STILL_TO_COME)).toEqual({ unserved: [], unknown: [], alreadyServed: [] });
  });

  test('a route the table gives to the app fails the check when nothing serves it', () => {
    const withoutImport = routes.filter((r) => r !== '/cust/import');
    expect(routeCoverage('people-app', withoutImport, STILL_TO_COME).unserved).toEqual(['/cust/import']);
    expect(routeCoverage('people-app', [...routes, '/cust/nowhere'], STILL_TO_COME).unknown).toEqual(['/cust/nowhere']);
  });
});
