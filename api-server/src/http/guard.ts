import {
  LimitType,
  mayUse,
  PERMISSION_BY_CODE,
  type Schema,
  validateObject,
} from '@flexpay/shared-utility/src/pure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { type AdminUserRow, permCodesOf } from '../account/permissions';
import { type OrgScope, scopeOf } from '../account/scope';
import type { Config } from '../config';
import type { DialectName } from '../db/connect';
import type { Database } from '../db/schema';
import { decryptEncryptedBody, type KeyPair } from '../security/rsa';
import { endUserSessions, findSession, type SessionRow, sessionExpired, touchSession } from '../security/session';
import { signatureValid, timestampFresh } from '../security/signature';
import { Code, Messages } from './codes';
import { ApiError, fail, ok } from './envelope';

export const API_PREFIX = '/api/admin';

export interface AppDeps {
  db: Kysely<Database>;
  dialect: DialectName;
  config: Config;
  keys: KeyPair;
  /** Clock, injectable so tests can move time. */
  now: () => number;
}

export interface Caller {
  user: AdminUserRow;
  session: SessionRow;
  permCodes: number[];
  perms: ReadonlySet<number>;
  scope: OrgScope;
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
  handler: (ctx: RouteContext) => Promise<unknown>;
}

const DISABLED_STATUSES = new Set([1, 30]);

function refuse(code: (typeof Code)[keyof typeof Code], message: string): never {
  throw new ApiError(code, message);
}

function decryptBody(body: unknown, keys: KeyPair): Body {
  // Every failure gets the same answer so the response reveals nothing about the cause.
  try {
    const encrypted = (body as Body | undefined)?.encrypted;
    if (typeof encrypted !== 'string' || encrypted === '') throw new Error('missing');
    const parsed: unknown = JSON.parse(decryptEncryptedBody(keys.privatePem, encrypted));
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
    return parsed as Body;
  } catch {
    return refuse(Code.UNDECRYPTABLE, Messages.undecryptable);
  }
}

function endedSessionAnswer(session: SessionRow): never {
  if (session.endReason === 'disabled') refuse(Code.ACCOUNT_DISABLED, Messages.accountDisabled);
  if (session.endReason === 'logout') refuse(Code.NOT_LOGGED_IN, Messages.notLoggedIn);
  return refuse(Code.SESSION_EXPIRED, Messages.sessionExpired);
}

/** Runs checks (a)-(g) in order; nothing is written unless all pass (except ending a disabled account's sessions). */
async function runGuards(spec: RouteSpec, deps: AppDeps, request: FastifyRequest, reply: FastifyReply): Promise<RouteContext> {
  const { db } = deps;
  const now = deps.now();
  const query = (request.query ?? {}) as Record<string, unknown>;
  const header = request.headers['access-token'];
  const token = typeof header === 'string' && header.trim() !== '' ? header.trim() : null;

  // (a) signature, with the secret of the token's session (kept after it ended or expired).
  const session = token ? await findSession(db, token) : undefined;
  if (token && !session) refuse(Code.NOT_LOGGED_IN, Messages.notLoggedIn);
  if (!timestampFresh(query.timestamp, now)) refuse(Code.STALE_TIMESTAMP, Messages.staleTimestamp);
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
    if (!session) refuse(Code.NOT_LOGGED_IN, Messages.notLoggedIn);
    if (session.endedAt !== null) endedSessionAnswer(session);
    if (sessionExpired(session, now)) refuse(Code.SESSION_EXPIRED, Messages.sessionExpired);
    const user = await db.selectFrom('admin_user').selectAll().where('userId', '=', session.userId).executeTakeFirst();
    if (!user) refuse(Code.NOT_LOGGED_IN, Messages.notLoggedIn);
    // (d) account status
    if (DISABLED_STATUSES.has(user.status)) {
      await endUserSessions(db, user.userId, 'disabled', now);
      refuse(Code.ACCOUNT_DISABLED, Messages.accountDisabled);
    }
    const permCodes = await permCodesOf(db, user);
    caller = { user, session, permCodes, perms: new Set(permCodes), scope: scopeOf(user) };
  }
  // (e) permission
  if (!mayUse(spec.perm, caller !== null, caller?.perms ?? new Set())) refuse(Code.NO_PERMISSION, Messages.noPermission);

  const ctx: RouteContext = { deps, body: body ?? {}, caller, now, request, reply };
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

  if (caller) await touchSession(db, caller.session, now);
  return ctx;
}

export function registerRoutes(app: FastifyInstance, deps: AppDeps, specs: RouteSpec[]): void {
  for (const spec of specs) {
    app.route({
      method: spec.method ?? 'POST',
      url: `${API_PREFIX}/${spec.path}`,
      handler: async (request, reply) => {
        try {
          const ctx = await runGuards(spec, deps, request, reply);
          const data = await spec.handler(ctx);
          if (spec.raw) return reply;
          return ok(data ?? null);
        } catch (error) {
          if (error instanceof ApiError) return fail(error.code, error.message);
          throw error;
        }
      },
    });
  }
}

/** Reads a string field, treating anything else as absent. */
export function str(body: Body, field: string): string | undefined {
  const value = body[field];
  return typeof value === 'string' ? value : undefined;
}
