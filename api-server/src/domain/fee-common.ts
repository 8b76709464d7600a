/**
 * What the enterprise and merchant fee areas share: a stored or posted config read through the
 * shared fee engine (so the server refuses exactly what the browser's ladder editor refuses), and
 * the monthly statistics answered from the calc-fee log views (their chart: the kit's `monthly`).
 */
import { type Entity, type EntityFields, type FeeConfig, readStoredFeeConfig, storedFeeColumns } from '@flexpay/shared-utility/src/pure';
import type { AppDeps, RouteSpec } from '../http/guard';
import { type Row, ruled } from '../resource/codec';
import { defineResource, type ResourceOptions } from '../resource/entity-resource';

/** A row's config (columns as stored or as the codec parsed them), or 1001 with the engine's message. */
export function feeConfigOf(row: Row): FeeConfig {
  return ruled(readStoredFeeConfig(row)).config;
}

/** The stored columns of a valid config (pure rules/fees.ts storedFeeColumns), or 1001. */
const feeColumns = (row: Row): Row => storedFeeColumns(feeConfigOf(row));

/**
 * A fee area: its config (§11: saved whole by `update`, an upsert by its owner offered on writable rows, removed by
 * `reset`; the stored columns those of a valid config) and its months (listed, exported, summed per month), one scope.
 */
export function feeRoutes<C extends EntityFields, S extends EntityFields>(deps: AppDeps, config: Entity<C>, options: Partial<ResourceOptions<C>> & Pick<ResourceOptions<C>, 'scope'>, stats: Entity<S>, summary: ResourceOptions<S>['summary']): RouteSpec[] {
  const configs = defineResource(deps, config, {
    create: 'update',
    update: false,
    upsertBy: [config.key],
    remove: 'reset',
    simple: false,
    ...options,
    beforeCreate: async (_ctx, values) => ({ ...values, ...feeColumns(values) }),
    beforeUpdate: async (_ctx, values, before) => ({ ...values, ...feeColumns({ ...before, ...values }) }),
  });
  const months = defineResource(deps, stats, { scope: options.scope, listed: options.listed, simple: false, export: true, summary, monthly: true });
  return [...configs.routes, ...months.routes];
}
