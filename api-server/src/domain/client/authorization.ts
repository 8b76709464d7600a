/**
 * 授权商户管理 (28220) and 授权企业管理 (28240), DOMAIN.md §8: a client's authorization (0–3) per
 * merchant and, inside an authorised merchant, per enterprise of that merchant or its sub-merchants.
 * Effective codes: 3 all, 2 the listed ones, 0/1 none; an enterprise's never exceed its merchant's,
 * so a merchant's authorization cannot shrink below what its enterprises were given.
 */
import { authorizedCodes, CLIENT_MESSAGES, clientMercht, clientMerchtEnt } from '@flexpay/shared-utility/src/pure';
import { codesWithin, normalisedAuthorization } from '@flexpay/shared-utility/src/pure/rules/server';
import { Code } from '../../http/codes';
import { refuse } from '../../http/envelope';
import type { AppDeps, RouteSpec } from '../../http/guard';
import type { Row } from '../../resource/codec';
import { inScope } from '../../account/scope';
import { whereEach } from '../../resource/batch';
import { type AnyDb, defineResource, type WriteContext } from '../../resource/entity-resource';
import { everyone } from '../org-scope';

/** The authorisations (level and codes) a client holds for a merchant in `table` (the merchant's, or its enterprises'). */
const authorizationsOf = (trx: AnyDb, table: string, { clientCode, merchtId }: Row) => whereEach(trx.selectFrom(table).select(['authorization', 'apiCodes']), { clientCode, merchtId }).execute() as Promise<Row[]>;

/** Both authorisations: the platform's, stored with their codes normalised. */
const AUTHORIZATION = {
  scope: everyone,
  writers: ['SYS' as const],
  remove: 'delete',
  simple: false as const,
  beforeCreate: async (_ctx: WriteContext, values: Row) => normalisedAuthorization(values, null),
  beforeUpdate: async (_ctx: WriteContext, values: Row, before: Row) => normalisedAuthorization(values, before),
};

export function clientAuthorizationRoutes(deps: AppDeps): RouteSpec[] {
  const merchants = defineResource(deps, clientMercht, {
    ...AUTHORIZATION,
    duplicate: '该商户已授权给此客户端',
    check: async (ctx, next, before) => {
      if (!before) return;
      const allowed = authorizedCodes(normalisedAuthorization(next, before));
      const ents = await authorizationsOf(ctx.trx, 'client_mercht_ent', before);
      if (ents.some((e) => !codesWithin(authorizedCodes(e), allowed))) refuse(Code.VALIDATION, CLIENT_MESSAGES.merchantShrinks);
    },
    // A merchant (商户类型 代理商, 0), not a supplier (100, 200); checked after `check`, as before.
    refersTo: [{ table: 'mercht', column: 'merchtId', where: { merchtType: 0 }, message: '请选择有效的商户', on: 'create' }],
    keptWhile: [{ table: 'client_mercht_ent', column: { clientCode: 'clientCode', merchtId: 'merchtId' }, message: CLIENT_MESSAGES.merchantHasEnts }],
  });

  /** The enterprise belongs to the merchant directly or through one of its sub-merchants: the merchant's scope of the `ent` tie. */
  const entOfMerchant = (trx: AnyDb, entId: unknown, merchtId: unknown) =>
    trx.selectFrom('ent').select('ent.id').where('ent.id', '=', entId).where(inScope(trx, { ent: 'ent.id' }, { kind: 'merchant', merchtId: Number(merchtId) })).executeTakeFirst();

  const ents = defineResource(deps, clientMerchtEnt, {
    ...AUTHORIZATION,
    duplicate: '该企业已授权给此客户端',
    check: async (ctx: WriteContext, next, before) => {
      if (!before && !(await entOfMerchant(ctx.trx, next.entId, next.merchtId))) refuse(Code.VALIDATION, CLIENT_MESSAGES.entOfMerchant);
      const [merchant] = await authorizationsOf(ctx.trx, 'client_mercht', next);
      const allowed = merchant ? authorizedCodes(merchant) : [];
      if (allowed.length === 0) refuse(Code.VALIDATION, CLIENT_MESSAGES.merchantFirst);
      if (!codesWithin(authorizedCodes(normalisedAuthorization(next, before)), allowed)) refuse(Code.VALIDATION, CLIENT_MESSAGES.entWithinMerchant);
    },
  });
  return [...merchants.routes, ...ents.routes];
}
