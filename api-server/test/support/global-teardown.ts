export default async function globalTeardown(): Promise<void> {
  globalThis.__flexpayPg?.stop();
}
