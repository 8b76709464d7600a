/**
 * Issue 24: some shared dependencies are built from an entry that re-exports only the names the suite
 * uses (React Router, Blueprint icons), to keep the modules loaded at start small. The apps' bundles
 * take those modules as import-map externals, so a name an app imports but the entry leaves out would
 * only show up as `undefined` in the browser: every named import in every package's sources must be
 * exported by its entry.
 */
import fs from 'node:fs';
import path from 'node:path';

const REPO = path.join(__dirname, '..', '..');
const PACKAGES = ['shared-utility', 'root-config', 'navbar-app', 'system-app', 'finance-app', 'people-app', 'tasks-app'];
const ENTRIES: Record<string, string> = {
  'react-router-dom': 'react-router-dom.js',
  '@blueprintjs/icons': 'blueprint-icons.js',
};

function sources(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.(ts|tsx|js|mjs)$/.test(entry.name) ? [full] : [];
  });
}

/** The value names `file` imports from `specifier` (type-only imports left out); a namespace import is '*'. */
function importedNames(text: string, specifier: string): string[] {
  const names: string[] = [];
  const quoted = specifier.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const statement = new RegExp(`import\\s+(type\\s+)?([^;]*?)\\s+from\\s+['"]${quoted}['"]`, 'g');
  for (const match of text.matchAll(statement)) {
    if (match[1]) continue;
    const clause = match[2];
    if (/\*\s+as\s+/.test(clause)) names.push('*');
    const braces = /\{([^}]*)\}/.exec(clause);
    for (const part of braces ? braces[1].split(',') : []) {
      const name = part.trim();
      if (!name || name.startsWith('type ')) continue;
      names.push(name.split(/\s+as\s+/)[0].trim());
    }
  }
  return names;
}

function exportedNames(entryFile: string): Set<string> {
  const text = fs.readFileSync(entryFile, 'utf8');
  const names = new Set<string>();
  for (const match of text.matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const part of match[1].split(',')) {
      const name = part.trim();
      if (name) names.add(name.split(/\s+as\s+/).pop()!.trim());
    }
  }
  return names;
}

describe.each(Object.entries(ENTRIES))('the %s import-map module', (specifier, entry) => {
  const exported = exportedNames(path.join(__dirname, '..', 'shared-deps', 'entries', entry));

  test('exports every name the packages import from it', () => {
    const missing: string[] = [];
    let imports = 0;
    for (const pkg of PACKAGES) {
      for (const file of sources(path.join(REPO, pkg, 'src'))) {
        for (const name of importedNames(fs.readFileSync(file, 'utf8'), specifier)) {
          imports += 1;
          if (!exported.has(name)) missing.push(`${path.relative(REPO, file)}: ${name}`);
        }
      }
    }
    expect(missing).toEqual([]);
    if (specifier === 'react-router-dom') expect(imports).toBeGreaterThan(0);
  });

  test('the reader of imports sees named, renamed, type-only and namespace imports', () => {
    const sample = `import { a, b as c, type D } from '${specifier}';\nimport type { E } from '${specifier}';\nimport * as all from '${specifier}';`;
    expect(importedNames(sample, specifier)).toEqual(['a', 'b', '*']);
  });
});
