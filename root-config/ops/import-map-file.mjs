import fs from 'node:fs';
import path from 'node:path';

/** Write to a temp file in the same folder, then rename: readers see the old or the new map, never half. */
export function writeJsonAtomic(file, value) {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  fs.writeFileSync(temp, JSON.stringify(value, null, 2) + '\n');
  fs.renameSync(temp, file);
}

export function readHistory(file) {
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : [];
}

export function appendHistory(file, entry) {
  writeJsonAtomic(file, [...readHistory(file), entry]);
}
