/**
 * /agreement 签约协议 (SYS, SPR): a supplier's signing templates. Saving a new text raises the
 * version and keeps the text as an immutable row, so a signature can always show what was signed.
 */
import { AdminType, agreement, agreementVersion } from '@flexpay/shared-utility/src/pure';
import type { AppDeps, Caller, RouteSpec } from '../../http/guard';
import { type AnyQuery, defineResource, T, type WriteContext } from '../../resource/entity-resource';

/** SYS every row; another account type the rows whose `column` names its organisation (a supplier's templates, its notices). */
export const ownedBy = (column: string) => (caller: Caller, qb: AnyQuery): AnyQuery =>
  caller.user.adminType === AdminType.SYS ? qb : qb.where(column, '=', caller.user.orgId ?? -1);

const keepVersion = (ctx: WriteContext, agreementId: unknown, version: number, content: unknown) =>
  ctx.trx
    .insertInto('agreement_version')
    .values({ agreementId, version, content, operatorName: ctx.caller.user.name ?? ctx.caller.user.username, createdAt: ctx.now })
    .execute();

export function agreementRoutes(deps: AppDeps): RouteSpec[] {
  const db = deps.db;
  const templates = defineResource(deps, agreement, {
    scope: ownedBy(`${T}.supplierId`),
    writers: ['SYS', 'SPR'],
    export: true,
    refersTo: [{ table: 'mercht', column: 'supplierId', where: { merchtType: [200, 300] }, message: '请选择有效的供应商' }],
    afterCreate: async (ctx, key, columns) => {
      await keepVersion(ctx, key, 1, columns.content);
    },
    beforeUpdate: async (ctx, values, before) => {
      if (values.content === undefined || values.content === before.content) return values;
      const version = Number(before.version) + 1;
      await keepVersion(ctx, before.id, version, values.content);
      return { ...values, version };
    },
  });
  const versions = defineResource(deps, agreementVersion, {
    // The versions of the templates the caller sees.
    scope: (caller, qb) => qb.where(`${T}.agreementId`, 'in', ownedBy('supplierId')(caller, db.selectFrom('agreement').select('id'))),
    simple: false,
  });
  return [...templates.routes, ...versions.routes];
}

