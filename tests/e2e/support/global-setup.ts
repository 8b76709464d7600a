import { startServer } from './server';

/**
 * One real server with demo data for the whole run; its address reaches the workers through env.
 * The returned function is Playwright's global teardown, so concurrent runs never stop each other's server.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const server = await startServer();
  process.env.FLEXPAY_E2E_URL = server.url;
  process.env.FLEXPAY_E2E_DATA_DIR = server.dataDir;
  process.env.FLEXPAY_E2E_IMPORT_MAP = server.importMap;
  return () => server.stop();
}
