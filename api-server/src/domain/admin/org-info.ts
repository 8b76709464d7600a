/** /merchantInfo and /entInfo: the caller's own organisation (SPR and MER a merchant row, ENT its enterprise). */
import { AdminType, codeOf } from '@flexpay/shared-utility/src/pure';
import { Code, Messages } from '../../http/codes';
import { refuse } from '../../http/envelope';
import type { AppDeps, RouteSpec, SignedInContext } from '../../http/guard';
import { formatDateTime } from '../../util/time';

export function orgInfoRoutes(deps: AppDeps): RouteSpec[] {
  const { db } = deps;
  const self = codeOf('ACT_USER_GET');
  return [
    {
      path: 'mercht/query/self',
      perm: self,
      scope: async (ctx) => ctx.caller.user.adminType === AdminType.MER || ctx.caller.user.adminType === AdminType.SPR,
      handler: async (ctx) => {
        const orgId = (ctx as SignedInContext).caller.user.orgId ?? -1;
        const m = await db
          .selectFrom('mercht')
          .leftJoin('mercht as p', 'p.id', 'mercht.parentId')
          .select(['mercht.id', 'mercht.merchtCode', 'mercht.name', 'mercht.merchtType', 'mercht.parentId', 'p.name as parentName', 'mercht.status', 'mercht.contactName', 'mercht.contactPhone', 'mercht.createdAt', 'mercht.updatedAt'])
          .where('mercht.id', '=', orgId)
          .executeTakeFirst();
        if (!m) return refuse(Code.NOT_FOUND, Messages.notFound);
        const ents = await db.selectFrom('ent').select((eb) => eb.fn.countAll().as('n')).where((eb) => eb.or([eb('merchtId', '=', m.id), eb('supplierId', '=', m.id)])).executeTakeFirst();
        const subs = await db.selectFrom('mercht').select((eb) => eb.fn.countAll().as('n')).where('parentId', '=', m.id).executeTakeFirst();
        return { ...m, entCount: Number(ents?.n ?? 0), subMerchtCount: Number(subs?.n ?? 0), createdAt: formatDateTime(m.createdAt), updatedAt: formatDateTime(m.updatedAt) };
      },
    },
    {
      path: 'ent/query/self',
      perm: self,
      scope: async (ctx) => ctx.caller.user.adminType === AdminType.ENT,
      handler: async (ctx) => {
        const orgId = (ctx as SignedInContext).caller.user.orgId ?? -1;
        const e = await db
          .selectFrom('ent')
          .innerJoin('mercht as m', 'm.id', 'ent.merchtId')
          .innerJoin('mercht as s', 's.id', 'ent.supplierId')
          .select(['ent.id', 'ent.entCode', 'ent.entName', 'ent.merchtId', 'm.name as merchtName', 'ent.supplierId', 's.name as supplierName', 'ent.status', 'ent.contactName', 'ent.contactPhone', 'ent.createdAt', 'ent.updatedAt'])
          .where('ent.id', '=', orgId)
          .executeTakeFirst();
        if (!e) return refuse(Code.NOT_FOUND, Messages.notFound);
        return { ...e, createdAt: formatDateTime(e.createdAt), updatedAt: formatDateTime(e.updatedAt) };
      },
    },
  ];
}
