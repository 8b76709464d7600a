/**
 * The repository's import graph read from the source text (issue 23 "Layers"): every relative
 * import, `export … from`, `import()` and `require()` of a literal path, and `@flexpay/<package>/…`
 * imports, resolved to files. Used by kit-structure.test.ts for the layer rule and the cycle rule
 * of docs/kit.md, and for the figures of "Kit v3 — measured".
 */
import fs from 'node:fs';
import path from 'node:path';

export const REPO = path.resolve(__dirname, '../../..');
const EXTENSIONS = ['.ts', '.tsx', '.js', '.cjs', '.mjs'];

/** Source files under `dir` (repository-relative), tests and build output left out. */
export function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (abs: string) => {
    for (const entry of fs.readdirSync(abs, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
      const full = path.join(abs, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (EXTENSIONS.some((e) => entry.name.endsWith(e)) && !entry.name.endsWith('.d.ts')) out.push(path.relative(REPO, full));
    }
  };
  walk(path.join(REPO, dir));
  return out.sort();
}

/** The text without comments (a string holding `//` or `/*` is rare enough in import lines to ignore). */
export function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

const SPECIFIERS = [/\bfrom\s*['"]([^'"]+)['"]/g, /\bimport\s*['"]([^'"]+)['"]/g, /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g, /\brequire\(\s*['"]([^'"]+)['"]\s*\)/g];

function resolveFile(base: string): string | null {
  for (const candidate of [base, ...EXTENSIONS.map((e) => base + e), ...EXTENSIONS.map((e) => path.join(base, 'index' + e))]) {
    const abs = path.join(REPO, candidate);
    if (fs.existsSync(abs) && fs.statSync(abs).isFile()) return path.normalize(candidate);
  }
  return null;
}

/** The repository file an import names, or null for a package of node_modules. */
export function resolveImport(from: string, specifier: string): string | null {
  if (specifier.startsWith('.')) return resolveFile(path.join(path.dirname(from), specifier));
  const flexpay = /^@flexpay\/([^/]+)(\/.*)?$/.exec(specifier);
  if (flexpay) return resolveFile(path.join(flexpay[1], flexpay[2] ? flexpay[2].slice(1) : 'src/index'));
  return null;
}

/** file → the repository files it imports. */
export function importGraph(files: string[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const text = withoutComments(fs.readFileSync(path.join(REPO, file), 'utf8'));
    const targets = new Set<string>();
    for (const pattern of SPECIFIERS)
      for (const match of text.matchAll(pattern)) {
        const target = resolveImport(file, match[1]);
        if (target && target !== file) targets.add(target);
      }
    graph.set(file, targets);
  }
  return graph;
}

/** Strongly connected groups of more than one node (Tarjan): each is an import cycle. */
export function cycles(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    indexOf.set(node, index);
    low.set(node, index++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!indexOf.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, indexOf.get(next)!));
    }
    if (low.get(node) === indexOf.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const node of graph.keys()) if (!indexOf.has(node)) visit(node);
  return found;
}

/** The same graph between groups (`groupOf` names a file's group; null leaves the file out). */
export function groupGraph(graph: Map<string, Set<string>>, groupOf: (file: string) => string | null): Map<string, Set<string>> {
  const groups = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    const from = groupOf(file);
    if (from === null) continue;
    const set = groups.get(from) ?? new Set<string>();
    groups.set(from, set);
    for (const target of targets) {
      const to = groupOf(target);
      if (to !== null && to !== from) set.add(to);
    }
  }
  return groups;
}

/** Non-blank lines that are not only a comment, and the non-whitespace characters, of a file. */
export function codeSize(file: string): { lines: number; chars: number } {
  const text = withoutComments(fs.readFileSync(path.join(REPO, file), 'utf8'));
  const lines = text.split('\n').filter((line) => line.trim() !== '').length;
  return { lines, chars: text.replace(/\s/g, '').length };
}
