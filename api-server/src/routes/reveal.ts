/**
 * `POST common/reveal {entity, key, field}` → `{value}` (CONTRACT.md "Personal data on the wire",
 * issue 22 item 6): one masked value whole. The field must be a `masked` field of a declared entity
 * (1001 otherwise); the caller must hold the field's reveal code (20110, or 1012 for an administrator's
 * phone; 3001) and see the record through the entity's own resource scope (3002 outside, 1004 missing).
 * Each reveal is written to 操作日志: who (the operator), whose record (the entity, its key and the
 * person's name), which field, when — never the value.
 */
import { codeOf, REVEAL_ACTION, REVEAL_MESSAGES, REVEAL_PATH, revealTarget } from '@flexpay/shared-utility/src/pure';
import { revealOwner } from '@flexpay/shared-utility/src/pure/rules/server';
import { audit } from '../account/audit';
import { Code, Messages } from '../http/codes';
import { refuse } from '../http/envelope';
import type { AppDeps, RouteSpec, SignedInContext } from '../http/guard';
import { ruled } from '../resource/codec';
import { keyValue, revealableResource } from '../resource/entity-resource';

export function revealRoutes(deps: AppDeps): RouteSpec[] {
  return [
    {
      path: REVEAL_PATH,
      // Any signed-in account reaches the handler; the field's own code decides (a route has one code).
      perm: codeOf('ACT_LOGIN_INFO'),
      handler: async (ctx) => {
        const { caller } = ctx as SignedInContext;
        // 1001 for a field or key the request cannot name, then 3001 without the field's code.
        const target = ruled(revealTarget(ctx.body.entity, ctx.body.field));
        const key = keyValue(target.entity, { [target.entity.key]: ctx.body.key });
        if (key === null) refuse(Code.VALIDATION, REVEAL_MESSAGES.key);
        if (!caller.perms.has(target.code)) refuse(Code.NO_PERMISSION, Messages.noPermission);
        const resource = revealableResource(deps, target.entity.name) ?? refuse(Code.VALIDATION, REVEAL_MESSAGES.entity);
        const row = await resource.load(caller, key);
        const shown = resource.show(row, caller, true);
        const field = String(ctx.body.field);
        const changes = { revealedField: { from: null, to: target.field.label }, owner: { from: null, to: revealOwner(shown) } };
        await audit(deps.db, { operator: caller.user, now: ctx.now, action: REVEAL_ACTION, entity: target.entity.name, entityId: String(key), changes });
        return { value: (shown[field] as string | null | undefined) ?? null };
      },
    },
  ];
}
