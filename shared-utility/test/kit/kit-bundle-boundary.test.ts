/**
 * @jest-environment jsdom
 */
import fs from 'node:fs';
import path from 'node:path';
import '../support/text-encoder';

jest.mock('../../src/kit/upload/md5-worker-source', () => ({ computeFileMd5: jest.fn(), MD5_CHUNK_BYTES: 2 * 1024 * 1024 }));

// Kit v2 (src/kit/entity) is its own bundle; its relative imports of the rest of shared-utility become
// the external @flexpay/shared-utility at build time (webpack.config.js), so every value it imports that
// way must be exported by the package index — or it is undefined in the browser while jest passes.
const KIT_V2 = path.join(__dirname, '..', '..', 'src', 'kit', 'entity');

function importsLeavingKitV2(): Array<{ file: string; name: string; from: string }> {
  const found: Array<{ file: string; name: string; from: string }> = [];
  for (const file of fs.readdirSync(KIT_V2).filter((f) => /\.tsx?$/.test(f))) {
    const source = fs.readFileSync(path.join(KIT_V2, file), 'utf8');
    for (const m of source.matchAll(/^import\s+(type\s+)?\{([^}]*)\}\s+from\s+'(\.[^']+)';/gm)) {
      if (m[1] || m[3].startsWith('./')) continue;
      for (const spec of m[2].split(',').map((s) => s.trim()).filter(Boolean)) {
        if (spec.startsWith('type ')) continue;
        found.push({ file, name: spec.split(/\s+as\s+/)[0], from: m[3] });
      }
    }
  }
  return found;
}

test('every value kit v2 takes from the rest of shared-utility is exported by the package index', () => {
  const shared = jest.requireActual('../../src/index') as Record<string, unknown>;
  const imports = importsLeavingKitV2();
  expect(imports.length).toBeGreaterThan(20);
  expect(imports.filter((i) => shared[i.name] === undefined).map((i) => `${i.file}: ${i.name} from ${i.from}`)).toEqual([]);
});
