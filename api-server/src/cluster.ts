import cluster from 'node:cluster';
import os from 'node:os';
import { exitOnError, prepare, serve } from './boot';
import { loadConfig } from './config';

/**
 * `npm run start:cluster`: FLEXPAY_WORKERS server processes (default: one per core) on one port,
 * sharing one PostgreSQL database. The primary prepares the database once, then forks; the workers
 * keep no state of their own (sessions, captchas, throttles, rate limits, export tokens and the order
 * queue live in the database), so any of them may answer any request. A worker that dies is replaced.
 */
const config = loadConfig();

function workerCount(): number {
  const raw = process.env.FLEXPAY_WORKERS;
  const count = raw === undefined ? os.availableParallelism() : Number(raw);
  if (!Number.isInteger(count) || count < 1) throw new Error(`FLEXPAY_WORKERS must be a whole number ≥ 1, got ${raw}`);
  return count;
}

async function primary(): Promise<void> {
  // SQLite allows one writer in one process; several processes need the shared database.
  if (config.databaseUrl === undefined) throw new Error('start:cluster needs PostgreSQL: set DATABASE_URL (see docs/operations.md)');
  const count = workerCount();
  await prepare(config);
  let stopping = false;
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    console.error(`worker ${worker.process.pid} exited (${signal ?? code}); starting a replacement`);
    cluster.fork();
  });
  const stop = () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  for (let i = 0; i < count; i += 1) cluster.fork();
  console.log(`FlexPay cluster: ${count} workers on port ${config.port}`);
}

(cluster.isPrimary ? primary() : serve(config)).catch(exitOnError);
