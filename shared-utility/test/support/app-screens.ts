import fs from 'node:fs';
import path from 'node:path';
import { routeCoverage } from '../../src/kit/entity/route-coverage';
import type { AppName } from '../../src/pure/routes';

export interface ScreenFile {
  file: string;
  route: string;
}

/** An app's screen files, each with the `route` it exports (read from the text: importing would load the kit's React views). */
export function screenFiles(dir: string): ScreenFile[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return screenFiles(full);
    if (!/\.screen\.tsx?$/.test(e.name)) return [];
    const match = /export const route = '([^']+)'/.exec(fs.readFileSync(full, 'utf8'));
    if (!match) throw new Error(`${full} exports no route`);
    return [{ file: full, route: match[1] }];
  });
}

/**
 * Kit v2's layout rule for one app: each screen file sits at the path its route names (parameters
 * left out: /client/cliMercht/:clientCode? lives in client/cliMercht.screen.ts) and is listed in
 * screens.ts; every route the table gives the app is served by a screen, by one of the app's own
 * pages (`pages`) or is still to come.
 */
export function describeAppScreens(app: AppName, srcDir: string, o: { stillToCome?: readonly string[]; pages?: readonly string[] } = {}): void {
  const screens = screenFiles(srcDir);
  const served = [...screens.map((s) => s.route), ...(o.pages ?? [])];

  describe(`${app} screens and the route table`, () => {
    test('every screen file sits in the folder of its menu group and is listed in screens.ts', () => {
      const index = fs.readFileSync(path.join(srcDir, 'screens.ts'), 'utf8');
      for (const { file, route } of screens) {
        const relative = path.relative(srcDir, file).replace(/\\/g, '/').replace(/\.screen\.tsx?$/, '');
        expect(route.replace(/\/:[^/]+/g, '')).toBe(`/${relative}`);
        expect(index).toContain(`'./${relative}.screen'`);
      }
      expect(screens.length).toBeGreaterThan(0);
    });

    test(`every ${app} route of the table is served or listed as still to come`, () => {
      expect(routeCoverage(app, served, o.stillToCome ?? [])).toEqual({ unserved: [], unknown: [], alreadyServed: [] });
    });
  });
}
