/**
 * Kit v3 (issue 23): a field declared for some account types (`for` on the entity's field) is left out
 * of the other types' records, summaries and sorting by the server kit (resource/entity-resource.ts
 * `hiddenFrom`, `show`, `summaryFor`); its export and monthly sums read the same (fee-area.test.ts
 * asserts them over HTTP on both databases). And a create route named `update` is offered as the rows'
 * update (a price saved whole).
 */
import { AdminType, entFeeConfig, entFeeStats } from '@flexpay/shared-utility/src/pure';
import type { AppDeps, Caller } from '../src/http/guard';
import { hiddenFrom, Resource } from '../src/resource/entity-resource';

const caller = (adminType: number, perms: number[] = []) => ({ user: { adminType, orgId: 1, userId: 1 }, perms: new Set(perms) }) as unknown as Caller;
const deps = {} as AppDeps;
const row = { statKey: '1:2026-11', month: '2026-11', entId: 1, entName: '甲', lineCount: 2, amountFen: 1000, entFeeFen: 60, merchtProfitFen: 10, parentProfitFen: 0, supIncomeFen: 50 };

test('an enterprise does not see the fields declared for the types above it', () => {
  expect(hiddenFrom(entFeeStats, caller(AdminType.ENT))).toEqual(['merchtProfit', 'parentProfit', 'supIncome']);
  expect(hiddenFrom(entFeeStats, caller(AdminType.MER))).toEqual([]);
  const stats = new Resource(deps, entFeeStats, { scope: (_c, qb) => qb, summary: ['amount', 'entFee', 'merchtProfit', 'parentProfit', 'supIncome'] });
  const own = stats.show(row, caller(AdminType.ENT));
  expect(own).toMatchObject({ amount: '10.00', entFee: '0.60', entName: '甲' });
  expect(own).not.toHaveProperty('merchtProfit');
  expect(own).not.toHaveProperty('supIncome');
  expect(stats.show(row, caller(AdminType.SPR))).toMatchObject({ merchtProfit: '0.10', supIncome: '0.50' });
  expect(stats.summaryFor(caller(AdminType.ENT))).toEqual(['amount', 'entFee']);
  expect(stats.summaryFor(caller(AdminType.SYS))).toHaveLength(5);
});

test('a create route named update is the rows’ update for whoever may write them', () => {
  const prices = new Resource(deps, entFeeConfig, { scope: (_c, qb) => qb, writers: ['SYS', 'SPR'], create: 'update', update: false, upsertBy: ['entId'], remove: 'reset' });
  expect(prices.actionsFor(caller(AdminType.SPR, [18420]), { entId: 1 })).toEqual(['delete', 'update']);
  expect(prices.actionsFor(caller(AdminType.ENT, [18420]), { entId: 1 })).toEqual([]);
  const noUpdate = new Resource(deps, entFeeConfig, { scope: (_c, qb) => qb, writers: ['SYS'], create: 'create', update: false });
  expect(noUpdate.actionsFor(caller(AdminType.SYS, [18420]), { entId: 1 })).toEqual([]);
});
