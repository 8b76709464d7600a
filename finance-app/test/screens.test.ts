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

describe('finance-app screens and the route table', () => {
  test('every screen file sits in the folder of its menu group and is listed in screens.ts', () => {
    const index = fs.readFileSync(path.join(SRC, 'screens.ts'), 'utf8');
    for (const file of files) {
      const relative = path.relative(SRC, file).replace(/\\/g, '/').replace(/\.screen\.tsx?$/, '');
      expect(exportedRoute(file)).toBe(`/${relative}`);
      expect(index).toContain(`'./${relative}.screen'`);
    }
    expect(files.length).toBeGreaterThanOrEqual(4);
  });

  test('every finance-app route of the table is served by a screen or listed as still to come', () => {
    expect(routeCoverage('finance-app', routes, STILL_TO_COME)).toEqual({ unserved: [], unknown: [], alreadyServed: [] });
  });

  test('a route the table gives to the app fails the check when nothing serves it', () => {
    const withoutTaxSource = routes.filter((r) => r !== '/supplier/taxsource');
    expect(routeCoverage('finance-app', withoutTaxSource, STILL_TO_COME).unserved).toEqual(['/supplier/taxsource']);
    expect(routeCoverage('finance-app', [...routes, '/supplier/nowhere'], STILL_TO_COME).unknown).toEqual(['/supplier/nowhere']);
  });
});
