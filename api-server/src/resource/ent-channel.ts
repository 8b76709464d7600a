/**
 * The enterprise and pay channel a request names ({entId, channel}): an account's key, a statement's,
 * a temp order's and a package settlement's. 1001 请选择企业 / 请选择支付通道 when missing or not an integer.
 */
import { AdminType } from '@flexpay/shared-utility/src/pure';
import type { Kysely } from 'kysely';
import { entInScope, scopeOf } from '../account/scope';
import type { AdminUserRow } from '../account/permissions';
import { Code, Messages } from '../http/codes';
import { refuse } from '../http/envelope';
import type { Row } from './codec';

export const PICK_MESSAGES = { ent: '请选择企业', channel: '请选择支付通道' } as const;

/**
 * How a value is read: `typed` takes only a JSON number (the statement: '0' is refused); `coerced`
 * takes what Number() makes of it (null and '' are 0); `given` is `coerced` but refuses undefined, null and ''.
 */
export type PickRead = 'typed' | 'coerced' | 'given';

/** An integer in [min, max], else 1001 with `message`. */
export function pickedInt(raw: unknown, min: number, message: string, read: PickRead = 'coerced', max = Infinity): number {
  const n = read === 'typed' ? (typeof raw === 'number' ? raw : NaN) : read === 'given' && (raw === undefined || raw === null || raw === '') ? NaN : Number(raw);
  if (!(read === 'typed' ? Number.isSafeInteger(n) : Number.isInteger(n)) || n < min || n > max) refuse(Code.VALIDATION, message);
  return n;
}

/** `{entId, channel}` of the body (the enterprise first); `entId` given when the caller's own enterprise decides it. */
export function entChannelOf(body: Row, read: PickRead = 'coerced', entId: unknown = body.entId): { entId: number; channel: number } {
  return { entId: pickedInt(entId, 1, PICK_MESSAGES.ent, read), channel: pickedInt(body.channel, 0, PICK_MESSAGES.channel, read) };
}

/**
 * The enterprise a request is for: an ENT account's own, else the body's `entId` (1001 请选择企业 unless a positive
 * integer); stored (1004 with `missing`) and in the caller's scope (3002). Answers its row.
 */
export async function namedEnterprise(db: Kysely<any>, user: AdminUserRow, body: Row, missing: string = Messages.notFound): Promise<Row & { id: number; supplierId: number }> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const id = user.adminType === AdminType.ENT ? user.orgId : Number(body.entId);
  if (!id || !Number.isInteger(id) || id <= 0) return refuse(Code.VALIDATION, PICK_MESSAGES.ent);
  const ent = (await db.selectFrom('ent').selectAll().where('id', '=', id).executeTakeFirst()) as (Row & { id: number; supplierId: number }) | undefined;
  if (!ent) return refuse(Code.NOT_FOUND, missing);
  return (await entInScope(db, scopeOf(user), id)) ? ent : refuse(Code.OUT_OF_SCOPE, Messages.outOfScope);
}
