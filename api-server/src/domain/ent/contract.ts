/**
 * /ent/entContract 企业合同, /merchant/mercContract 合作合同 and /ent/coopEnt 合作关系 (DOMAIN.md §1):
 * at most one effective original contract per enterprise, supplements naming their original, and
 * the enterprise × supplier cooperation that can be suspended with a reason.
 */
import { type AccountType, calcModeRefusal, coopEnt, entContract, merchtContract } from '@flexpay/shared-utility/src/pure';
import { Code } from '../../http/codes';
import { refuse } from '../../http/envelope';
import type { AppDeps, RouteSpec } from '../../http/guard';
import type { Row } from '../../resource/codec';
import { type AnyDb, defineResource, T, type WriteContext } from '../../resource/entity-resource';
import { fileRoute } from '../../resource/file-route';
import { entScope, merchantScope } from '../org-scope';

export const ContractMessages = {
  overlap: '合同有效期与现有原合同重叠',
  original: '补充合同须填写有效的原合同编号',
} as const;

/** The enterprise's original contracts in force (status 0) sharing a day with the period from … to (yyyy-MM-dd). */
export const originalsDuring = (db: AnyDb, entId: number, from: string, to: string) =>
  db.selectFrom('ent_contract').where('entId', '=', entId).where('category', '=', 0).where('status', '=', 0).where('startDate', '<=', to).where('endDate', '>=', from);

/** An original contract in force (status 0) may not share a day with another one of the enterprise (its period: the entity's `checks`). */
async function checkContract(ctx: WriteContext, next: Row, before: Row | null) {
  if (next.category === 10) {
    const original = await ctx.trx.selectFrom('ent_contract').select('id').where('contractNo', '=', String(next.parentContractNo ?? '')).where('entId', '=', Number(next.entId)).where('category', '=', 0).executeTakeFirst();
    if (!original) refuse(Code.VALIDATION, ContractMessages.original);
    return;
  }
  if (next.status !== 0) return;
  let overlapping = originalsDuring(ctx.trx, Number(next.entId), String(next.startDate), String(next.endDate)).select('id');
  if (before) overlapping = overlapping.where('id', '!=', Number(before.id));
  if (await overlapping.executeTakeFirst()) refuse(Code.CONFLICT, ContractMessages.overlap);
}

export function contractRoutes(deps: AppDeps): RouteSpec[] {
  const db = deps.db as unknown as AnyDb;
  const byEnt = entScope(db, `${T}.entId`);
  const kept = { writers: ['SYS', 'SPR'] as AccountType[], remove: 'delete', simple: false as const, duplicate: '合同编号已存在' };
  // DOMAIN.md §2: the price's calc mode and the contract in force agree whichever is saved last.
  const checkedAgainst = [{ table: 'ent_fee_config', match: { entId: 'entId' }, refusal: (contract: Row, price: Row, today: string) => calcModeRefusal(price, contract, today) }];
  const contracts = defineResource(deps, entContract, { ...kept, scope: byEnt, check: checkContract, checkedAgainst });
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
  return [
    ...contracts.routes,
    fileRoute(deps, contracts.resource, 'file', 'contract/ent/query/file'),
    ...merchtContracts.routes,
    fileRoute(deps, merchtContracts.resource, 'file', 'contract/mercht/query/file'),
    ...coops.routes,
  ];
}
