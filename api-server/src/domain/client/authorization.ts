/**
 * 授权商户管理 (28220) and 授权企业管理 (28240), DOMAIN.md §8: a client's authorization (0–3) per
 * merchant and, inside an authorised merchant, per enterprise of that merchant or its sub-merchants.
 * Effective codes: 3 all, 2 the listed ones, 0/1 none; an enterprise's never exceed its merchant's,
 * so a merchant's authorization cannot shrink below what its enterprises were given.
 */
import {
  apiCodeNames,
  CLIENT_MESSAGES,
  clientMercht,
  clientMerchtEnt,
  effectiveApiCodes,
  parseApiCodes,
} from '@flexpay/shared-utility/src/pure';
import { Code } from '../../http/codes';
import { refuse } from '../../http/envelope';
import type { AppDeps, RouteSpec } from '../../http/guard';
import type { Row } from '../../resource/codec';
import { type AnyDb, defineResource, type WriteContext } from '../../resource/entity-resource';
import { everyone } from '../org-scope';

/** The effective codes of a stored or written authorisation row. */
export const codesOf = (row: Row): number[] => effectiveApiCodes(row.authorization, parseApiCodes(row.apiCodes) ?? []);

const FULL = 3;
const PARTIAL = 2;

/** Listed codes must be business codes; partial needs at least one; other authorizations keep none. */
function checkCodes(next: Row): void {
  const codes = parseApiCodes(next.apiCodes ?? '[]');
  if (!codes) refuse(Code.VALIDATION, CLIENT_MESSAGES.apiCodes);
  if (Number(next.authorization) === PARTIAL && codes!.length === 0) refuse(Code.VALIDATION, CLIENT_MESSAGES.apiCodesRequired);
}

/** Stored codes: the sorted list under partial authorization, [] otherwise. */
function normalised(values: Row, before: Row | null): Row {
  const authorization = values.authorization ?? before?.authorization;
  if (values.authorization === undefined && values.apiCodes === undefined) return values;
  const listed = parseApiCodes(values.apiCodes ?? before?.apiCodes ?? '[]');
  // Invalid codes stay as sent, for check() to refuse (a create runs beforeCreate first).
  if (!listed) return values;
  return { ...values, apiCodes: JSON.stringify(Number(authorization) === PARTIAL ? listed : []) };
}

const computed = (row: Row): Row => {
  const codes = codesOf(row);
  return { apiCodeNames: Number(row.authorization) === FULL ? '全部接口' : codes.length ? apiCodeNames(codes) : '无' };
};

const within = (inner: number[], outer: number[]) => inner.every((c) => outer.includes(c));

export function clientAuthorizationRoutes(deps: AppDeps): RouteSpec[] {
  const merchants = defineResource(deps, clientMercht, {
    scope: everyone,
    writers: ['SYS'],
    remove: 'delete',
    simple: false,
    duplicate: '该商户已授权给此客户端',
    computed,
    check: async (ctx, next, before) => {
      checkCodes(next);
      if (!before) {
        const merchant = (await ctx.trx.selectFrom('mercht').select('merchtType').where('id', '=', next.merchtId).executeTakeFirst()) as Row | undefined;
        if (!merchant || Number(merchant.merchtType) >= 100) refuse(Code.VALIDATION, '请选择有效的商户');
        return;
      }
      const allowed = codesOf(normalised(next, before));
      const ents = (await ctx.trx.selectFrom('client_mercht_ent').select(['authorization', 'apiCodes']).where('clientCode', '=', before.clientCode).where('merchtId', '=', before.merchtId).execute()) as Row[];
      if (ents.some((e) => !within(codesOf(e), allowed))) refuse(Code.VALIDATION, CLIENT_MESSAGES.merchantShrinks);
    },
    beforeCreate: async (_ctx, values) => normalised(values, null),
    beforeUpdate: async (_ctx, values, before) => normalised(values, before),
    checkRemove: async (ctx, row) => {
      const ent = await ctx.trx.selectFrom('client_mercht_ent').select('id').where('clientCode', '=', row.clientCode).where('merchtId', '=', row.merchtId).executeTakeFirst();
      if (ent) refuse(Code.CONFLICT, CLIENT_MESSAGES.merchantHasEnts);
    },
  });

  /** The enterprise belongs to the merchant directly or through one of its sub-merchants. */
  const entOfMerchant = async (trx: AnyDb, entId: unknown, merchtId: unknown) =>
    trx
      .selectFrom('ent')
      .select('ent.id')
      .where('ent.id', '=', entId)
      .where((eb) => eb.or([eb('ent.merchtId', '=', merchtId), eb('ent.merchtId', 'in', trx.selectFrom('mercht').select('mercht.id').where('mercht.parentId', '=', merchtId))]))
      .executeTakeFirst();

  const ents = defineResource(deps, clientMerchtEnt, {
    scope: everyone,
    writers: ['SYS'],
    remove: 'delete',
    simple: false,
    duplicate: '该企业已授权给此客户端',
    computed,
    check: async (ctx: WriteContext, next, before) => {
      checkCodes(next);
      if (!before && !(await entOfMerchant(ctx.trx, next.entId, next.merchtId))) refuse(Code.VALIDATION, CLIENT_MESSAGES.entOfMerchant);
      const merchant = (await ctx.trx.selectFrom('client_mercht').select(['authorization', 'apiCodes']).where('clientCode', '=', next.clientCode).where('merchtId', '=', next.merchtId).executeTakeFirst()) as Row | undefined;
      const allowed = merchant ? codesOf(merchant) : [];
      if (allowed.length === 0) refuse(Code.VALIDATION, CLIENT_MESSAGES.merchantFirst);
      if (!within(codesOf(normalised(next, before)), allowed)) refuse(Code.VALIDATION, CLIENT_MESSAGES.entWithinMerchant);
    },
    beforeCreate: async (_ctx, values) => normalised(values, null),
    beforeUpdate: async (_ctx, values, before) => normalised(values, before),
  });
  return [...merchants.routes, ...ents.routes];
}
