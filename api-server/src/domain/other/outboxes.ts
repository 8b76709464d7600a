/** 短信记录 and 邮件记录 (SYS): the outboxes the SMS and mail providers write (DOMAIN.md §10), read-only. */
import { type Entity, mailOutbox, smsOutbox } from '@flexpay/shared-utility/src/pure';
import type { AppDeps, RouteSpec } from '../../http/guard';
import { defineResource } from '../../resource/entity-resource';
import { everyone } from '../org-scope';

export function outboxRoutes(deps: AppDeps): RouteSpec[] {
  return ([smsOutbox, mailOutbox] as Entity[]).flatMap((outbox) => defineResource(deps, outbox, { scope: everyone, simple: false, export: true }).routes);
}
