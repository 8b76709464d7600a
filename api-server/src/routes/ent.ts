import { codeOf } from '@flexpay/shared-utility/src/pure';
import { entInScope } from '../account/scope';
import { Code, Messages } from '../http/codes';
import { ApiError } from '../http/envelope';
import type { AppDeps, Body, RouteSpec } from '../http/guard';
import { formatDateTime } from '../util/time';

function entIdOf(body: Body): number | null {
  const id = Number(body.id);
  return Number.isInteger(id) && id > 0 ? id : null;
}

export function entRoutes(deps: AppDeps): RouteSpec[] {
  return [
    {
      path: 'ent/query/get',
      perm: codeOf('ACT_ENT_QUERY'),
      // A record that does not exist is answered by the handler (1004), not as out of scope.
      scope: async (ctx) => {
        const id = entIdOf(ctx.body);
        if (id === null) return true;
        const exists = await deps.db.selectFrom('ent').select('id').where('id', '=', id).executeTakeFirst();
        return !exists || entInScope(deps.db, ctx.caller.scope, id);
      },
      check: (body) => (entIdOf(body) === null ? '请指定企业' : null),
      handler: async (ctx) => {
        const id = entIdOf(ctx.body) as number;
        const row = await deps.db
          .selectFrom('ent')
          .innerJoin('mercht as m', 'm.id', 'ent.merchtId')
          .innerJoin('mercht as s', 's.id', 'ent.supplierId')
          .select([
            'ent.id',
            'ent.entCode',
            'ent.entName',
            'ent.merchtId',
            'm.name as merchtName',
            'ent.supplierId',
            's.name as supplierName',
            'ent.status',
            'ent.contactName',
            'ent.contactPhone',
            'ent.createdAt',
            'ent.updatedAt',
          ])
          .where('ent.id', '=', id)
          .executeTakeFirst();
        if (!row) throw new ApiError(Code.NOT_FOUND, Messages.notFound);
        return { ...row, createdAt: formatDateTime(row.createdAt), updatedAt: formatDateTime(row.updatedAt) };
      },
    },
  ];
}
