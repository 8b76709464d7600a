/**
 * A record's file through the record's own scope (spec §7 `…/file` calls): whoever may see the
 * record may fetch its file, whichever organisation uploaded it.
 */
import type { EntityFields } from '@flexpay/shared-utility/src/pure';
import { Code, Messages } from '../http/codes';
import { ApiError } from '../http/envelope';
import type { AppDeps, RouteSpec, SignedInContext } from '../http/guard';
import { keyValue, type Resource } from './entity-resource';
import { sendStored } from './kit-routes';

export function fileRoute<F extends EntityFields>(deps: AppDeps, resource: Resource<F>, field: keyof F & string, path: string): RouteSpec {
  const { entity } = resource;
  return {
    path,
    method: 'GET',
    perm: entity.codes.query,
    raw: true,
    handler: async (ctx) => {
      const row = await resource.load((ctx as SignedInContext).caller, keyValue(entity, ctx.request.query as Record<string, unknown>));
      const stored = row[entity.fields[field].column ?? field];
      const id = /id=(\d+)$/.exec(typeof stored === 'string' ? (JSON.parse(stored) as { url?: string }).url ?? '' : '')?.[1];
      const file = id ? await deps.db.selectFrom('upload_file').select(['name', 'storedAs']).where('id', '=', Number(id)).executeTakeFirst() : undefined;
      if (!file) throw new ApiError(Code.NOT_FOUND, Messages.notFound);
      return sendStored(deps, ctx.reply, file.storedAs, file.name);
    },
  };
}
