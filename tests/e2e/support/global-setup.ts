import fs from 'node:fs';
import path from 'node:path';
import { startServer } from './server';

const STATE = path.join(__dirname, '..', '..', '..', '.tmp', 'e2e-server.json');

/** One real server with demo data for the whole run; its address reaches the tests through env. */
export default async function globalSetup(): Promise<void> {
  const server = await startServer();
  process.env.FLEXPAY_E2E_URL = server.url;
  process.env.FLEXPAY_E2E_DATA_DIR = server.dataDir;
  process.env.FLEXPAY_E2E_IMPORT_MAP = server.importMap;
  fs.mkdirSync(path.dirname(STATE), { recursive: true });
  fs.writeFileSync(STATE, JSON.stringify({ pid: server.process.pid, dataDir: server.dataDir }));
  server.process.unref();
}
