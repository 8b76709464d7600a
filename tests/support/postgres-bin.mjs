import fs from 'node:fs';
import path from 'node:path';

/** PostgreSQL binaries are on PATH on some machines and only under /usr/lib/postgresql/<v>/bin on others. */
export function findPostgresBin(name) {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, name);
    if (dir && fs.existsSync(candidate)) return candidate;
  }
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  for (const version of fs.readdirSync(root).sort().reverse()) {
    const candidate = path.join(root, version, 'bin', name);
    if (fs.existsSync(candidate)) return candidate;
  }
  return null;
}
