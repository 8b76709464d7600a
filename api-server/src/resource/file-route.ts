/**
 * A record's file through the record's own scope (spec §7 `…/file` calls): whoever may see the
 * record may fetch its file, whichever organisation uploaded it.
 */
import type { Entity, EntityFields } from '@flexpay/shared-utility/src/pure';
import type { AppDeps, Caller, RouteSpec, SignedInContext } from '../http/guard';
import { keyValue, type Row } from './codec';
import { sendUpload } from './kit-routes';

/** What the route reads of a resource (entity-resource.ts Resource, which serves a `filePath` field's route itself): a record in the caller's scope. */
export interface FileSource<F extends EntityFields> {
  entity: Entity<F>;
  load(caller: Caller, key: unknown): Promise<Row>;
}

/**
 * `path`: the field's declared `filePath` when not given (the browser opens the same route); `perm`: the code when not
 * the entity's query code (one child entity served in two directions, each under its own).
 */
export function fileRoute<F extends EntityFields>(deps: AppDeps, resource: FileSource<F>, field: keyof F & string, path?: string, perm = resource.entity.codes.query): RouteSpec {
  const { entity } = resource;
  return {
    path: path ?? entity.fields[field].filePath!,
    method: 'GET',
    perm,
    raw: true,
    handler: async (ctx) => {
      const row = await resource.load((ctx as SignedInContext).caller, keyValue(entity, ctx.request.query as Record<string, unknown>));
      const stored = row[entity.fields[field].column ?? field];
      return sendUpload(deps, ctx.reply, typeof stored === 'string' ? (JSON.parse(stored) as { url?: string }).url : undefined);
    },
  };
}
