/**
 * Issue 23 "Layers" as a test (docs/kit.md "Layers"): no import in api-server/src runs against the
 * layers, the domain's areas import each other without a loop, and no file of the repository's source
 * imports itself back through others. Prints the figures of docs/kit.md "Kit v3 — measured".
 */
import fs from 'node:fs';
import path from 'node:path';
import { codeSize, cycles, groupGraph, importGraph, REPO, sourceFiles } from './support/import-graph';

/** api-server/src from the ground up; a file may import its own layer and the layers below it. */
const LAYERS: Array<{ name: string; holds: string[] }> = [
  { name: 'base', holds: ['util/', 'config.ts', 'documents/'] },
  { name: 'db', holds: ['db/'] },
  { name: 'providers', holds: ['providers/'] },
  { name: 'static', holds: ['static/'] },
  { name: 'account', holds: ['account/'] },
  { name: 'security', holds: ['security/'] },
  { name: 'http', holds: ['http/'] },
  { name: 'resource', holds: ['resource/'] },
  { name: 'domain', holds: ['domain/'] },
  { name: 'routes', holds: ['routes/', 'open/'] },
  { name: 'demo', holds: ['demo/'] },
  { name: 'boot', holds: ['app.ts', 'boot.ts', 'server.ts', 'cluster.ts', 'seed-large.ts', 'rotate-key.ts'] },
];

const SERVER = 'api-server/src/';
const layerOf = (file: string): number => {
  const inside = file.slice(SERVER.length);
  return LAYERS.findIndex((layer) => layer.holds.some((held) => (held.endsWith('/') ? inside.startsWith(held) : inside === held)));
};
/** A domain area: domain/<area>/…, or a file directly under domain/. */
const areaOf = (file: string): string | null => {
  if (!file.startsWith(`${SERVER}domain/`)) return null;
  const parts = file.slice(`${SERVER}domain/`.length).split('/');
  return parts.length > 1 ? parts[0] : parts[0].replace(/\.ts$/, '');
};

const APPS = ['shared-utility/src', 'root-config/src', 'navbar-app/src', 'system-app/src', 'finance-app/src', 'people-app/src', 'tasks-app/src', 'api-server/src'];

describe('import layers and cycles (issue 23)', () => {
  const serverFiles = sourceFiles('api-server/src');
  const graph = importGraph(APPS.flatMap((dir) => sourceFiles(dir)));

  it('the graph reads the imports: relative, across apps and into the shared utility', () => {
    // Were the graph empty, the rules below would hold vacuously.
    expect(serverFiles.length).toBeGreaterThan(100);
    expect([...(graph.get(`${SERVER}resource/entity-resource.ts`) ?? [])]).toEqual(expect.arrayContaining([`${SERVER}resource/commands.ts`, 'shared-utility/src/pure/index.ts']));
    expect(cycles(new Map([['a', new Set(['b'])], ['b', new Set(['a'])]]))).toHaveLength(1);
  });

  it('every file of api-server/src belongs to a layer', () => {
    expect(serverFiles.filter((file) => layerOf(file) < 0)).toEqual([]);
  });

  it('no import of api-server/src runs up the layers', () => {
    const upward: string[] = [];
    for (const file of serverFiles)
      for (const target of graph.get(file) ?? [])
        if (target.startsWith(SERVER) && layerOf(target) > layerOf(file)) upward.push(`${file} (${LAYERS[layerOf(file)].name}) -> ${target} (${LAYERS[layerOf(target)].name})`);
    expect(upward).toEqual([]);
  });

  it('the domain areas import each other without a loop', () => {
    expect(cycles(groupGraph(graph, areaOf))).toEqual([]);
  });

  it('no import cycle in the source of the server, the shared utility and the apps', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('one refusal helper: `refuse` is declared in http/envelope.ts only', () => {
    const declaring = serverFiles.filter((file) => /\b(?:const|let|function)\s+refuse\b/.test(fs.readFileSync(path.join(REPO, file), 'utf8')));
    expect(declaring.filter((file) => file !== `${SERVER}http/envelope.ts`)).toEqual([]);
  });

  it('prints the figures of docs/kit.md "Kit v3 — measured"', () => {
    const business = serverFiles.filter((file) => file.startsWith(`${SERVER}domain/`) || file.startsWith(`${SERVER}routes/`));
    const sizes = business.map((file) => ({ file, ...codeSize(file) }));
    const entities = sourceFiles('shared-utility/src/pure/entities').map(codeSize);
    const customActions = APPS.filter((dir) => dir !== 'api-server/src')
      .flatMap((dir) => sourceFiles(dir))
      .reduce((n, file) => n + (withoutTests(file) ? (fs.readFileSync(path.join(REPO, file), 'utf8').match(/\bcustom\(/g) ?? []).length : 0), 0);
    const upward = serverFiles.reduce((n, file) => n + [...(graph.get(file) ?? [])].filter((t) => t.startsWith(SERVER) && layerOf(t) > layerOf(file)).length, 0);
    const figures = {
      'domain + routes lines': sizes.reduce((n, s) => n + s.lines, 0),
      'domain + routes characters': sizes.reduce((n, s) => n + s.chars, 0),
      'files over 250 lines': sizes.filter((s) => s.lines > 250).map((s) => `${s.file.slice(SERVER.length)} ${s.lines}`),
      'pure/entities lines': entities.reduce((n, s) => n + s.lines, 0),
      'custom() actions in the apps': customActions,
      'refusal helpers': serverFiles.filter((file) => /\b(?:const|let|function)\s+refuse\b/.test(fs.readFileSync(path.join(REPO, file), 'utf8'))).length,
      'upward imports in api-server/src': upward,
      'import cycles': cycles(graph).length,
    };
    console.log(`Kit v3 figures:\n${JSON.stringify(figures, null, 2)}`);
    expect(figures['import cycles']).toBe(0);
  });
});

function withoutTests(file: string): boolean {
  return !/\.(test|spec)\.tsx?$/.test(file) && !file.includes('/test/');
}
