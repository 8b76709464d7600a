/**
 * /ent/entContract 企业合同, /merchant/mercContract 合作合同 and /ent/coopEnt 合作关系 (DOMAIN.md §1):
 * at most one effective original contract per enterprise, supplements naming their original, and
 * the enterprise × supplier cooperation that can be suspended with a reason.
 */
import { type AccountType, calcModeRefusal, CONTRACT_MESSAGES, coopEnt, entContract, merchtContract, originalsOverlap } from '@flexpay/shared-utility/src/pure';
import { Code } from '../../http/codes';
import type { AppDeps, RouteSpec } from '../../http/guard';
import { defineResource, T } from '../../resource/entity-resource';
import { entScope, merchantScope } from '../org-scope';

export function contractRoutes(deps: AppDeps): RouteSpec[] {
  const db = deps.db;
  const byEnt = entScope(db, `${T}.entId`);
  const kept = { writers: ['SYS', 'SPR'] as AccountType[], remove: 'delete', simple: false as const, duplicate: '合同编号已存在' };
  const contracts = defineResource(deps, entContract, {
    ...kept,
    scope: byEnt,
    // An original in force shares no day with another (1009); the price's calc mode and the contract in force agree whichever is saved last (DOMAIN.md §2).
    checkedAgainst: [
      { table: 'ent_contract', match: { entId: 'entId' }, where: { category: 0, status: 0 }, refusal: (next, other) => (originalsOverlap(next, other) ? CONTRACT_MESSAGES.overlap : null), code: Code.CONFLICT },
      { table: 'ent_fee_config', match: { entId: 'entId' }, refusal: (contract, price, today) => calcModeRefusal(price, contract, today) },
    ],
    // A supplement's original: one of the enterprise's originals (its period and presence: the entity's `checks`).
    refersTo: [{ table: 'ent_contract', column: 'parentContractNo', key: 'contractNo', match: { entId: 'entId' }, where: { category: 0 }, when: { category: 10 }, message: CONTRACT_MESSAGES.original }],
  });
  const merchtContracts = defineResource(deps, merchtContract, { ...kept, scope: merchantScope(db, `${T}.merchtId`) });
  const coops = defineResource(deps, coopEnt, {
    scope: byEnt,
    writers: ['SYS', 'SPR'],
    create: false,
    update: false,
    simple: false,
    // A resumed cooperation shows no reason; the suspension's reason stays in the audit trail.
    commandRefs: { resume: { movedWith: [{ table: 'ent_coop', column: 'id', set: { reason: null } }] } },
  });
  return [...contracts.routes, ...merchtContracts.routes, ...coops.routes];
}
