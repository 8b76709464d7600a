/**
 * /ent/taxPaidProof 完税记录: the supplier (or the platform) files each enterprise's monthly tax-paid
 * proof; the enterprise and its merchant read and download it.
 */
import { entTaxProof } from '@flexpay/shared-utility/src/pure';
import type { AppDeps, RouteSpec } from '../../http/guard';
import { defineResource, T } from '../../resource/entity-resource';
import { entScope } from '../org-scope';

export function taxPaidProofRoutes(deps: AppDeps): RouteSpec[] {
  const db = deps.db;
  return defineResource(deps, entTaxProof, {
    scope: entScope(db, `${T}.entId`),
    writers: ['SYS', 'SPR'],
    remove: 'delete',
    simple: false,
    export: true,
    summary: ['taxAmount'],
    duplicate: '该企业该月份已有完税记录',
    // Scope first, before the unique month: a duplicate answer must not tell whether a foreign enterprise has a proof.
    refersTo: [{ table: 'ent', column: 'entId', scope: entScope(db) }],
  }).routes;
}
