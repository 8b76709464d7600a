/**
 * A talent's cooperation (DOMAIN.md §6, spec §7 cust): with enterprises (custCoopEnt: ENT, SPR, SYS
 * write) and with suppliers (custCoopSup: SPR, SYS write; ENT reads and signs its talents on paper or by
 * e-sign), with the sign and tax-registration moves of shared-utility/src/pure/rules/signing.ts. Every
 * move is `UPDATE … WHERE status IN (from)` in the audited transaction, so a stale one answers 1009.
 */
import { AdminType, custCoopEnt, custCoopSup, SIGN, SIGNING_MESSAGES } from '@flexpay/shared-utility/src/pure';
import { coopSupRefusal } from '@flexpay/shared-utility/src/pure/rules/server';
import { scoped } from '../../account/scope';
import { Code } from '../../http/codes';
import { refuse } from '../../http/envelope';
import type { AppDeps, Caller, RouteSpec } from '../../http/guard';
import { isBlank } from '../../resource/codec';
import { type AnyDb, type AnyQuery, defineResource, T } from '../../resource/entity-resource';
import { refColumns } from '../../resource/lookups';
import { coopSupEffects } from './cust.effects';
import { requireTalent } from './scope';

const COOP_MESSAGES = { entDuplicate: '该人才已与此企业合作', supDuplicate: '该人才已与此供应商合作', supplier: '请选择供应商', ent: '请选择合作企业' } as const;

/** Talents cooperating with an enterprise of the supplier (a supplier may start cooperating with them). */
const ofSupplierEnts = (db: AnyDb, supplierId: number) =>
  db.selectFrom('cust_coop_ent').select('custId').where('entId', 'in', db.selectFrom('ent').select('id').where('supplierId', '=', supplierId));

/**
 * Enterprise cooperation rows a caller sees: tied by the enterprise (ENT its own and its sub-enterprises',
 * SPR its enterprises' — of the talents it sees); a merchant none (the talent tie sees no talent for it).
 */
const entCoopScope = (db: AnyDb) => (caller: Caller, qb: AnyQuery): AnyQuery => {
  const tied = scoped(db, { ent: `${T}.entId` })(caller, qb);
  return caller.scope.kind === 'ent' ? tied : scoped(db, { talent: `${T}.custId` })(caller, tied);
};

/** Supplier cooperation rows of the suppliers the caller sees: its own (SPR); its talents' with its supplier (ENT). */
const supCoopScope = (db: AnyDb) => (caller: Caller, qb: AnyQuery): AnyQuery => {
  const theirs = scoped(db, { coopSupplier: `${T}.supplierId` })(caller, qb);
  return caller.scope.kind === 'ent' ? scoped(db, { talent: `${T}.custId` })(caller, theirs) : theirs;
};

export function custCoopEntRoutes(deps: AppDeps): RouteSpec[] {
  return defineResource(deps, custCoopEnt, {
    scope: entCoopScope(deps.db),
    writers: ['SYS', 'SPR', 'ENT'],
    create: 'addEntCoopData',
    update: 'updateEntCoopData',
    simple: false,
    list: custCoopEnt.paths.query,
    duplicate: COOP_MESSAGES.entDuplicate,
    beforeCreate: async (ctx, values) => {
      await requireTalent(ctx.trx, ctx.caller, values.custId);
      return isBlank(values.entId) ? refuse(Code.VALIDATION, COOP_MESSAGES.ent) : values;
    },
    refersTo: [{ table: 'ent', column: 'entId', message: COOP_MESSAGES.ent }],
  }).routes;
}

export function custCoopSupRoutes(deps: AppDeps): RouteSpec[] {
  return defineResource(deps, custCoopSup, {
    scope: supCoopScope(deps.db),
    writers: ['SYS', 'SPR'],
    // SPR keeps its own supplier's rows; ENT signs its talents (custCoopSup.commands' `for`), never edits the cooperation (writers); MER is no writer or signer.
    mayWrite: (caller, row) => caller.user.adminType !== AdminType.SPR || row.supplierId === caller.user.orgId,
    create: 'addSupCoopData',
    // updateSupCoopData edits status, channel and remark; with signStatus 20/10 or taxRegStatus 40 it is 纸质签约, 发起电子签, 注销登记.
    update: 'updateSupCoopData',
    simple: false,
    export: true,
    list: custCoopSup.paths.query,
    duplicate: COOP_MESSAGES.supDuplicate,
    // The talent's ID number and real-name state beside each row (lists, get, export).
    lookups: refColumns('cust', 'custId', { custIdNumber: 'idNumber', realNameStatus: 'realNameStatus' }),
    check: async (_ctx, next, before) => {
      if (before && String(next.signChannel) !== String(before.signChannel) && Number(before.signStatus) === SIGN.signing) refuse(Code.CONFLICT, SIGNING_MESSAGES.channelWhileSigning);
    },
    transitionRefusal: coopSupRefusal,
    effects: coopSupEffects,
    // SPR: a talent it sees or one cooperating with one of its enterprises (its own supplier is the field's fromCaller).
    beforeCreate: async (ctx, values) => {
      await requireTalent(ctx.trx, ctx.caller, values.custId, ctx.caller.user.adminType === AdminType.SPR ? ofSupplierEnts(ctx.trx, ctx.caller.user.orgId ?? -1) : undefined);
      return isBlank(values.supplierId) ? refuse(Code.VALIDATION, COOP_MESSAGES.supplier) : values;
    },
    refersTo: [{ table: 'mercht', column: 'supplierId', where: { merchtType: [100, 200, 300] }, message: COOP_MESSAGES.supplier }],
  }).routes;
}
