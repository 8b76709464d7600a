import fs from 'node:fs';
import path from 'node:path';

const STATE = path.join(__dirname, '..', '..', '..', '.tmp', 'e2e-server.json');

export default async function globalTeardown(): Promise<void> {
  if (!fs.existsSync(STATE)) return;
  const { pid, dataDir } = JSON.parse(fs.readFileSync(STATE, 'utf8'));
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    /* already gone */
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(STATE, { force: true });
}
