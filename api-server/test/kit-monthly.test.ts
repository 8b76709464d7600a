/**
 * Kit v3 (issue 23, helper EB): `monthly: true` on a resource serves `${paths.query}/customSumByRange`
 * (resource/monthly.ts) under the entity's query code; without it there is no such route. Its answer (the
 * summary summed per month of the filtered rows, in scope) is asserted end to end by ent-stats-area.test.ts
 * (综合统计), fee-area.test.ts (企业费率 按月统计) and the tenant matrix (a foreign organisation's months are a leak).
 */
import { entMonthStats } from '@flexpay/shared-utility/src/pure';
import { defineResource } from '../src/resource/entity-resource';

test('monthly declares the chart route of a statistics list', () => {
  const deps = { db: {}, dialect: 'sqlite' } as never;
  const paths = (monthly: boolean) => defineResource(deps, entMonthStats, { scope: (_c, qb) => qb, simple: false, summary: ['recharge'], monthly }).routes.map((r) => [r.path, r.perm]);
  expect(paths(true)).toContainEqual(['ent/query/stats/customSumByRange', entMonthStats.codes.query]);
  expect(paths(false).map(([path]) => path)).not.toContain('ent/query/stats/customSumByRange');
});
