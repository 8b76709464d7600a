import Fastify, { type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { DialectName } from './db/connect';
import type { Database } from './db/schema';
import { Code, Messages } from './http/codes';
import { fail } from './http/envelope';
import { BODY_LIMIT, installErrorHandler, installJsonParser } from './http/errors';
import { type AppDeps, registerRoutes } from './http/guard';
import { registerOpenApi } from './open/open-api';
import { allRoutes } from './routes';
import { startOrderWorker } from './domain/order/worker';
import type { KeyPair } from './security/rsa';
import { registerSecurityHeaders } from './security/headers';
import { isPagePath, registerStatic, spaFallback } from './static/static';

export interface BuildOptions {
  config: Config;
  db: Kysely<Database>;
  dialect: DialectName;
  keys: KeyPair;
  /** false silences logs (tests); default: pino at config.logLevel. */
  logger?: boolean;
  now?: () => number;
}

export function buildApp(options: BuildOptions): FastifyInstance {
  const { config } = options;
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    ...(config.trustProxy === undefined ? {} : { trustProxy: config.trustProxy }),
    // Fastify logs method, URL and status only; bodies (passwords, encrypted payloads) never.
    bodyLimit: BODY_LIMIT,
    // An open order-progress event stream never ends by itself; on shutdown its socket is closed too,
    // or closing the server would wait for the browser to leave.
    forceCloseConnections: true,
  });
  const deps: AppDeps = {
    db: options.db,
    dialect: options.dialect,
    config,
    keys: options.keys,
    now: options.now ?? Date.now,
  };
  // CSP, frame, sniffing, referrer and (over TLS) HSTS headers on every answer: security/headers.ts.
  registerSecurityHeaders(app, config);
  installJsonParser(app);
  installErrorHandler(app);
  registerRoutes(app, deps, allRoutes(deps));
  // Payout orders run in the server process (domain/order/worker.ts); tests drive their own workers.
  const orderWorker = process.env.NODE_ENV === 'test' ? null : startOrderWorker({ db: options.db, dialect: options.dialect, now: deps.now });
  if (orderWorker) app.addHook('onClose', () => orderWorker.stop());
  registerOpenApi(app, deps);

  const fallback = config.staticOn ? spaFallback(config) : null;
  if (config.staticOn) registerStatic(app, config);
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    if (url.startsWith('/api/')) return reply.status(200).send(fail(Code.NOT_FOUND, Messages.apiNotFound));
    if (fallback && (request.method === 'GET' || request.method === 'HEAD') && isPagePath(url)) return fallback(request, reply);
    return reply.status(404).type('text/plain; charset=utf-8').send('Not Found');
  });
  return app;
}
