import { startPostgres, type PgCluster } from './postgres';

declare global {
  // Shared between globalSetup and globalTeardown, which run in the same context.
  var __flexpayPg: PgCluster | undefined;
}

export default async function globalSetup(): Promise<void> {
  const cluster = await startPostgres();
  globalThis.__flexpayPg = cluster;
  // Workers inherit the environment, so every test file finds the cluster here.
  process.env.FLEXPAY_TEST_PG_URL = cluster.url;
}
