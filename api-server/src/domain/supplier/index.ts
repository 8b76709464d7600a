/**
 * /supplier/index 供应商: suppliers (types 100/200/300; DOMAIN.md §1), each with its per-channel
 * config, SMS config, tax-proof invoices and, for a distributor, its distributor config.
 */
import { distributorConfig, MONEY_MESSAGES, supplier, supplierConfig, supplierSmsConfig, supplierTaxProof } from '@flexpay/shared-utility/src/pure';
import type { AppDeps, RouteSpec } from '../../http/guard';
import { type AnyDb, defineResource, T } from '../../resource/entity-resource';
import { bySupplier, ownSupplier, ownSupplierOnCreate } from '../org-scope';

export const SupplierMessages = {
  parentType: '上级供应商须为类型300的供应商',
  channelTaken: '该供应商已配置此支付通道',
  distributor: '分销商配置只适用于分销商（类型100）',
  upstream: '上游供应商须为类型300的供应商',
} as const;

/** A supplier's own records (channel and SMS config, tax proofs, xkj channels): read in its scope, written by the platform and by itself. */
export const supplierRecords = (db: AnyDb) => ({ scope: bySupplier(db, `${T}.supplierId`), mayWrite: ownSupplier('supplierId'), check: ownSupplierOnCreate });

export function supplierRoutes(deps: AppDeps): RouteSpec[] {
  const db = deps.db;
  const own = supplierRecords(db);
  const suppliers = defineResource(deps, supplier, {
    base: (qb) => qb.where(`${T}.merchtType`, '>=', 100),
    scope: bySupplier(db, `${T}.id`),
    writers: ['SYS'],
    export: true,
    // The type rules are the entity's `checks`; a new supplier is normal (its status field's `createdAs`).
    refersTo: [{ table: 'mercht', column: 'parentId', where: { merchtType: 300 }, message: SupplierMessages.parentType }],
  });
  const configs = defineResource(deps, supplierConfig, {
    ...own,
    duplicate: SupplierMessages.channelTaken,
    refersTo: [{ table: 'pay_channel', column: 'channel', key: 'channel', where: { status: 0 }, message: MONEY_MESSAGES.channelOff, on: 'create' }],
  });
  const sms = defineResource(deps, supplierSmsConfig, { ...own, create: 'addOrUpdate', update: false, remove: 'delete', upsertBy: ['supplierId', 'smsType'] });
  const proofs = defineResource(deps, supplierTaxProof, { ...own, remove: 'delete', summary: ['amount'] });
  const distributors = defineResource(deps, distributorConfig, {
    scope: own.scope,
    writers: ['SYS'],
    create: 'add',
    duplicate: '该分销商已有配置',
    refersTo: [
      { table: 'mercht', column: 'supplierId', where: { merchtType: 100 }, message: SupplierMessages.distributor },
      { table: 'mercht', column: 'upstreamId', where: { merchtType: 300 }, message: SupplierMessages.upstream },
    ],
  });
  return [...suppliers.routes, ...configs.routes, ...sms.routes, ...proofs.routes, ...distributors.routes];
}
