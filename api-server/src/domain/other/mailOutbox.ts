/** 邮件记录 (SYS): the outbox the mail provider writes, read-only. */
import { mailOutbox } from '@flexpay/shared-utility/src/pure';
import type { AppDeps, RouteSpec } from '../../http/guard';
import { defineResource } from '../../resource/entity-resource';
import { everyone } from '../org-scope';

export function mailOutboxRoutes(deps: AppDeps): RouteSpec[] {
  return defineResource(deps, mailOutbox, { scope: everyone, simple: false, export: true }).routes;
}
