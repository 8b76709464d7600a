/** 短信记录 (SYS): the outbox the SMS provider writes (DOMAIN.md §10), read-only. */
import { smsOutbox } from '@flexpay/shared-utility/src/pure';
import type { AppDeps, RouteSpec } from '../../http/guard';
import { defineResource } from '../../resource/entity-resource';
import { everyone } from '../org-scope';

export function smsOutboxRoutes(deps: AppDeps): RouteSpec[] {
  return defineResource(deps, smsOutbox, { scope: everyone, simple: false, export: true }).routes;
}
