/** /merchantInfo and /entInfo: the caller's own organisation (SPR and MER a merchant row, ENT its enterprise). */
import { AdminType, codeOf } from '@flexpay/shared-utility/src/pure';
import { Code, Messages } from '../../http/codes';
import { refuse } from '../../http/envelope';
import type { AppDeps, RouteSpec, SignedInContext } from '../../http/guard';
import { formatDateTime } from '../../util/time';

type Stamped = { createdAt: number; updatedAt: number };

/** The caller's own organisation as `read` finds it by its id, for the account types that have one (3002 for others, 1004 when gone). */
function self<R extends Stamped>(path: string, types: number[], read: (orgId: number) => Promise<R | undefined>): RouteSpec {
  return {
    path,
    perm: codeOf('ACT_USER_GET'),
    scope: async (ctx) => types.includes(ctx.caller.user.adminType),
    handler: async (ctx) => {
      const org = (await read((ctx as SignedInContext).caller.user.orgId ?? -1)) ?? refuse(Code.NOT_FOUND, Messages.notFound);
      return { ...org, createdAt: formatDateTime(org.createdAt), updatedAt: formatDateTime(org.updatedAt) };
    },
  };
}

export function orgInfoRoutes(deps: AppDeps): RouteSpec[] {
  const { db } = deps;
  return [
    self('mercht/query/self', [AdminType.MER, AdminType.SPR], async (orgId) => {
      const m = await db
        .selectFrom('mercht')
        .leftJoin('mercht as p', 'p.id', 'mercht.parentId')
        .select(['mercht.id', 'mercht.merchtCode', 'mercht.name', 'mercht.merchtType', 'mercht.parentId', 'p.name as parentName', 'mercht.status', 'mercht.contactName', 'mercht.contactPhone', 'mercht.createdAt', 'mercht.updatedAt'])
        .where('mercht.id', '=', orgId)
        .executeTakeFirst();
      if (!m) return undefined;
      const ents = await db.selectFrom('ent').select((eb) => eb.fn.countAll().as('n')).where((eb) => eb.or([eb('merchtId', '=', m.id), eb('supplierId', '=', m.id)])).executeTakeFirst();
      const subs = await db.selectFrom('mercht').select((eb) => eb.fn.countAll().as('n')).where('parentId', '=', m.id).executeTakeFirst();
      return { ...m, entCount: Number(ents?.n ?? 0), subMerchtCount: Number(subs?.n ?? 0) };
    }),
    self('ent/query/self', [AdminType.ENT], (orgId) =>
      db
        .selectFrom('ent')
        .innerJoin('mercht as m', 'm.id', 'ent.merchtId')
        .innerJoin('mercht as s', 's.id', 'ent.supplierId')
        .select(['ent.id', 'ent.entCode', 'ent.entName', 'ent.merchtId', 'm.name as merchtName', 'ent.supplierId', 's.name as supplierName', 'ent.status', 'ent.contactName', 'ent.contactPhone', 'ent.createdAt', 'ent.updatedAt'])
        .where('ent.id', '=', orgId)
        .executeTakeFirst(),
    ),
  ];
}
