/**
 * Kit v3 (issue 23): a resource declaring `monthly: true` serves `${paths.query}/customSumByRange` — the
 * chart of a month-by-month statistics list (费用统计, 综合统计): its summary's money fields the caller sees
 * summed per month of the filtered rows (the list's cond and scope), oldest month first, with their total
 * (pure rules/monthly.ts `monthlySums`: fen → "1234.50"); a `lineCount` field is counted too.
 */
import type { Entity } from '@flexpay/shared-utility/src/pure';
import { monthlySums } from '@flexpay/shared-utility/src/pure/rules/server';
import type { SelectQueryBuilder } from 'kysely';
import { type Caller, type RouteSpec, signed } from '../http/guard';
import type { Row } from './codec';

/** What the route reads of a resource (resource/entity-resource.ts Resource): its rows in scope by cond, its summary's fields. */
export interface MonthlySource {
  entity: Entity;
  filtered(caller: Caller, body: Row): { qb: SelectQueryBuilder<any, any, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
  summaryFor(caller: Caller): string[];
}

export function monthlyRoute(resource: MonthlySource): RouteSpec {
  const { entity } = resource;
  const counted = 'lineCount' in entity.fields;
  return {
    path: `${entity.paths.query}/customSumByRange`,
    perm: entity.codes.query,
    handler: signed(async ({ caller, body }) => {
      const money = resource.summaryFor(caller);
      const rows = (await resource
        .filtered(caller, body)
        .qb.select((eb) => ['t.month as month', ...(counted ? [eb.fn.sum('t.lineCount').as('lineCount')] : []), ...money.map((f) => eb.fn.sum(`t.${entity.fields[f].column ?? f}`).as(f))])
        .groupBy('t.month')
        .orderBy('t.month')
        .limit(240)
        .execute()) as Row[];
      return monthlySums(rows, money, counted);
    }),
  };
}
