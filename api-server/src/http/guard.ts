import rateLimit from '@fastify/rate-limit';
import { databaseRateStore } from '../security/rate-store';
import type { MailProvider } from '../providers/mail';
import type { SmsProvider } from '../providers/sms';
import {
  type AccountType,
  accountTypeOf,
  AdminType,
  LimitType,
  mayUse,
  PERMISSION_BY_CODE,
  type Schema,
  validateObject,
} from '@flexpay/shared-utility/src/pure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AdminUserRow } from '../account/permissions';
import type { OrgScope } from '../account/scope';
import { type AccountOrg, accountBlockedBy, orgOf } from '../account/user-info';
import { authCacheOf, loadCallerState, readAuthEpoch } from '../security/auth-cache';
import type { Config } from '../config';
import type { DialectName } from '../db/connect';
import type { Database } from '../db/schema';
import { decryptEncryptedBody, type KeyPair } from '../security/rsa';
import {
  endUserSessions,
  findSession,
  type SessionKey,
  sessionKeyOf,
  type SessionRow,
  sessionExpired,
  touchSession,
} from '../security/session';
import { signatureValid, timestampFresh } from '../security/signature';
import { bodyShapeError } from './body-rules';
import { Code, Messages } from './codes';
import { dbErrorAnswer, redactError } from './db-errors';
import { ApiError, fail, ok, refuse } from './envelope';

export const API_PREFIX = '/api/admin';

export interface AppDeps {
  db: Kysely<Database>;
  dialect: DialectName;
  config: Config;
  keys: KeyPair;
  /** Clock, injectable so tests can move time. */
  now: () => number;
  /** Outside services; the built-in ones write outboxes (providers/sms.ts, providers/mail.ts). */
  sms?: SmsProvider;
  mail?: MailProvider;
}

export interface Caller {
  user: AdminUserRow;
  session: SessionRow;
  permCodes: number[];
  perms: ReadonlySet<number>;
  scope: OrgScope;
  /** The share of all enterprises in the scope when the caller was read (entShareOf); absent in callers built by tests. */
  entShare?: number;
  /** The account's organisation as the guard read it (absent in callers built by tests). */
  org?: AccountOrg;
}

export type Body = Record<string, unknown>;

export interface RouteContext {
  deps: AppDeps;
  body: Body;
  /** Null on open routes (captcha, login, template download). */
  caller: Caller | null;
  now: number;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface SignedInContext extends RouteContext {
  caller: Caller;
}

/** A handler of a route whose code needs signing in (every limited or login-only code): the guard has set the caller. */
export const signed = (handler: (ctx: SignedInContext) => Promise<unknown>) => (ctx: RouteContext) => handler(ctx as SignedInContext);

export interface RouteSpec {
  /** Path after /api/admin/. */
  path: string;
  method?: 'POST' | 'GET';
  /** Permission code from the shared catalogue; its limit type decides login and holding. */
  perm: number;
  /** Body arrives as { encrypted } (CONTRACT.md "Encrypted bodies"). */
  encrypted?: boolean;
  /** Normalises the plaintext body before validation (the signature covers it as sent). */
  prepare?: (body: Body) => Body;
  /** Shared-validator schema; first failing field answers 1001. */
  schema?: Schema;
  /** Validate only the schema fields present in the body (partial updates). */
  partial?: boolean;
  /** Extra checks after the schema, returning the first failing message. */
  check?: (body: Body, ctx: RouteContext) => string | null;
  /** Organisation check for a record named in the body; false answers 3002. */
  scope?: (ctx: SignedInContext) => Promise<boolean>;
  /** The handler writes the reply itself (file downloads). */
  raw?: boolean;
  /** The account types it serves when its code is held by others too (申请开票's options under 申请记录's query code): 3001 for another, checked last before the handler. */
  for?: readonly AccountType[];
  handler: (ctx: RouteContext) => Promise<unknown>;
}

/** What a top administrator with an initial password may call before changing it. */
const FIRST_SIGN_IN_ROUTES = new Set(['user/loginInfo', 'user/get', 'user/changePassword', 'user/logout']);

/**
 * The `encrypted` wire form. More than MAX_ENCRYPTED_PIECES pieces (or a longer string) is refused
 * before any private-key work; every failure gets the same answer so the response reveals nothing.
 */
function decryptBody(body: unknown, keys: KeyPair): Body {
  try {
    const encrypted = (body as Body | undefined)?.encrypted;
    const parsed: unknown = JSON.parse(decryptEncryptedBody(keys.privatePem, encrypted));
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
    return parsed as Body;
  } catch {
    return refuse(Code.UNDECRYPTABLE, Messages.undecryptable);
  }
}

/** The answer to a call on an ended session (also an open progress stream's, domain/order/progress.ts). */
export function endedSessionAnswer(session: SessionRow): never {
  if (session.endReason === 'disabled') refuse(Code.ACCOUNT_DISABLED, Messages.accountDisabled);
  if (session.endReason === 'logout') refuse(Code.NOT_LOGGED_IN, Messages.notLoggedIn);
  return refuse(Code.SESSION_EXPIRED, Messages.sessionExpired);
}

/** The guard's (c): a session that is there, not ended and not expired, else its answer (also the progress stream's re-check). */
export function liveSession(session: SessionRow | undefined, now: number): asserts session is SessionRow {
  if (!session) refuse(Code.NOT_LOGGED_IN, Messages.notLoggedIn);
  if (session.endedAt !== null) endedSessionAnswer(session);
  if (sessionExpired(session, now)) refuse(Code.SESSION_EXPIRED, Messages.sessionExpired);
}

const sessionKeys = new WeakMap<KeyPair, SessionKey>();

/** The key deriving API secrets from session tokens (security/session.ts). */
export function sessionKey(deps: Pick<AppDeps, 'keys'>): SessionKey {
  let key = sessionKeys.get(deps.keys);
  if (!key) {
    key = sessionKeyOf(deps.keys.privatePem);
    sessionKeys.set(deps.keys, key);
  }
  return key;
}

/** Whether the account or its organisation is disabled (sign-in asks before a session exists). */
export async function accountBlocked(db: Kysely<Database>, user: AdminUserRow): Promise<boolean> {
  return accountBlockedBy(user, await orgOf(db, user));
}

/**
 * Runs the checks in CONTRACT.md's order; nothing is written unless all pass (except ending a
 * disabled account's sessions):
 * (a) timestamp 4002 and signature 4001 before anything else — an unknown token has no secret, so its
 *     call is checked with the empty secret like any call without a session (no token oracle);
 *     encrypted bodies are decrypted first because the signature covers the plaintext (4003);
 * (c) token 2021/2022/2023, (d) account and organisation status 2028, (e) permission 3001,
 * (g0) body shape 1001 (before any SQL sees a value), (f) organisation scope 3002, (g) validation 1001.
 */
async function runGuards(spec: RouteSpec, deps: AppDeps, request: FastifyRequest, reply: FastifyReply): Promise<RouteContext> {
  const { db } = deps;
  const now = deps.now();
  const query = (request.query ?? {}) as Record<string, unknown>;
  const header = request.headers['access-token'];
  const token = typeof header === 'string' && header.trim() !== '' ? header.trim() : null;

  // (a) timestamp, then the signature with the secret of the token's session (kept after it ended or expired).
  if (!timestampFresh(query.timestamp, now)) refuse(Code.STALE_TIMESTAMP, Messages.staleTimestamp);
  const auth = authCacheOf(db);
  const epoch = token ? await readAuthEpoch(db) : 0;
  let state = token ? auth.get(token, epoch, now) : undefined;
  const session = state?.session ?? (token ? await findSession(db, sessionKey(deps), token) : undefined);
  // (b) decryption comes first internally because the signature covers the plaintext.
  let body: Body | undefined = spec.method === 'GET' ? undefined : ((request.body ?? {}) as Body);
  if (spec.encrypted) body = decryptBody(body, deps.keys);
  if (!signatureValid(body, session?.apiSecret ?? '', String(query.timestamp), query.sign))
    refuse(Code.BAD_SIGNATURE, Messages.badSignature);

  const def = PERMISSION_BY_CODE.get(spec.perm);
  if (!def) throw new Error(`route ${spec.path} names unknown permission ${spec.perm}`);
  let caller: Caller | null = null;
  if (def.limit !== LimitType.OPEN) {
    // (c) token
    liveSession(session, now);
    if (!state) {
      state = await loadCallerState(db, session);
      if (!state) refuse(Code.NOT_LOGGED_IN, Messages.notLoggedIn);
      auth.set(session.token, epoch, state);
    }
    // (d) account status, the organisation's included
    if (state.blocked) {
      await endUserSessions(db, state.user.userId, 'disabled', now);
      refuse(Code.ACCOUNT_DISABLED, Messages.accountDisabled);
    }
    const { user, permCodes, perms, scope, org, entShare } = state;
    caller = { user, session, permCodes, perms, scope, org, entShare };
  }
  // (e) permission; an initial password must be replaced before anything else is done.
  if (caller?.user.mustChangePassword === 1 && !FIRST_SIGN_IN_ROUTES.has(spec.path)) refuse(Code.NO_PERMISSION, Messages.mustChangePassword);
  if (!mayUse(spec.perm, caller !== null, caller?.perms ?? new Set())) refuse(Code.NO_PERMISSION, Messages.noPermission);

  const ctx: RouteContext = { deps, body: body ?? {}, caller, now, request, reply };
  // (g0) generic body shape: ids inside int32, cond/page/orderBy well-formed, depth, numbers.
  const shape = bodyShapeError(ctx.body);
  if (shape) refuse(Code.VALIDATION, shape);
  // (f) organisation scope
  if (spec.scope && caller && !(await spec.scope(ctx as SignedInContext))) refuse(Code.OUT_OF_SCOPE, Messages.outOfScope);
  // (g) validation
  if (spec.prepare) ctx.body = spec.prepare(ctx.body);
  if (spec.schema) {
    const schema = spec.partial
      ? Object.fromEntries(Object.entries(spec.schema).filter(([field]) => ctx.body[field] !== undefined))
      : spec.schema;
    const error = validateObject(schema, ctx.body);
    if (error) refuse(Code.VALIDATION, error.message);
  }
  const message = spec.check?.(ctx.body, ctx);
  if (message) refuse(Code.VALIDATION, message);
  const type = caller ? accountTypeOf(caller.user.adminType) : null;
  if (spec.for && !(type && spec.for.includes(type))) refuse(Code.NO_PERMISSION, Messages.noPermission);

  if (caller && (await touchSession(db, caller.session, now))) caller.session.lastSeenAt = now;
  return ctx;
}

/** Requests per IP and minute on open and encrypted routes (captcha, login, publicKey, password calls). */
export const DEFAULT_OPEN_RATE_LIMIT = 600;

const routeTables = new WeakMap<FastifyInstance, RouteSpec[]>();

/**
 * The routes registered on an app, in order: the live list the tenant matrix and the fuzzer are
 * generated from (test/support/tenant-matrix.ts).
 */
export function registeredRoutes(app: FastifyInstance): readonly RouteSpec[] {
  return routeTables.get(app) ?? [];
}

/** Whether a route is reachable without signing in (captcha, login, publicKey, template download). */
export function isOpenRoute(spec: RouteSpec): boolean {
  return PERMISSION_BY_CODE.get(spec.perm)?.limit === LimitType.OPEN;
}

export function registerRoutes(app: FastifyInstance, deps: AppDeps, specs: RouteSpec[]): void {
  routeTables.set(app, [...(routeTables.get(app) ?? []), ...specs]);
  const perMinute = deps.config.openRateLimit ?? DEFAULT_OPEN_RATE_LIMIT;
  // The rate limiter must be loaded before the routes it guards, hence the plugin scope.
  app.register(async (scope) => {
    await scope.register(rateLimit, {
      // One budget per IP shared by every limited route; the others are let through by allowList.
      global: true,
      max: perMinute > 0 ? perMinute : Number.MAX_SAFE_INTEGER,
      timeWindow: 60_000,
      // Counted in the database: every process of a cluster and every route scope spends one budget.
      store: databaseRateStore(deps.db),
      allowList: (request) => perMinute <= 0 || (request.routeOptions.config as { flexpayLimited?: boolean } | undefined)?.flexpayLimited !== true,
      // Answered as an envelope by the error handler (HTTP 200, 4029, Chinese message).
      errorResponseBuilder: () => new ApiError(Code.RATE_LIMITED, Messages.rateLimited),
    });
    for (const spec of specs) {
      const limited = isOpenRoute(spec) || spec.encrypted === true;
      scope.route({
        method: spec.method ?? 'POST',
        url: `${API_PREFIX}/${spec.path}`,
        config: { flexpayLimited: limited },
        handler: async (request, reply) => {
          try {
            const ctx = await runGuards(spec, deps, request, reply);
            const data = await spec.handler(ctx);
            if (spec.raw) return reply;
            return ok(data ?? null);
          } catch (error) {
            if (error instanceof ApiError) return fail(error.code, error.message, error.data);
            const mapped = dbErrorAnswer(error);
            if (mapped) {
              request.log.warn({ err: redactError(error), route: spec.path }, 'database refused a value');
              return fail(mapped.code, mapped.message);
            }
            throw error;
          }
        },
      });
    }
  });
}

/** Reads a string field, treating anything else as absent. */
export function str(body: Body, field: string): string | undefined {
  const value = body[field];
  return typeof value === 'string' ? value : undefined;
}
