/**
 * A talent's payout accounts (DOMAIN.md §6, spec §7 cust listCustCard/addCustCard/deleteCustCard): a
 * bank card (10-30 digits, bank and type named from the BIN table when it knows the card) or an Alipay
 * account, one of each number per talent, checked on adding by the 3-factor provider (validated 1/2).
 * A bank card left unchecked (an import's, a provider outage) or found wrong is checked again by
 * 重新校验 (cust/mgr/recheckCustCard). Card numbers leave the server masked for everyone (the field's
 * `masked`, issue 22 item 6); cards are changed only by who may change the talent (talentWritableBy).
 */
import { AdminType, CARD_MESSAGES, cardNoError, custCard } from '@flexpay/shared-utility/src/pure';
import { audit } from '../../account/audit';
import { sql } from 'kysely';
import { Code, Messages } from '../../http/codes';
import { ApiError } from '../../http/envelope';
import type { AppDeps, Caller, RouteSpec, SignedInContext } from '../../http/guard';
import { type BankCardChecker, simulatedBankCardChecker } from '../../providers/bank-card-check';
import { type AnyDb, type AnyQuery, defineResource, keyValue, type Resource, type Row, STALE, T } from '../../resource/entity-resource';
import { lookupBin } from './bin';
import { requireTalent } from './coop';
import { talentInScope, talentWritableBy } from './scope';

export const RECHECK = 'recheckCustCard';
export const RECHECK_MESSAGES = { notBankCard: '只有银行卡可以校验', passed: '该银行卡已校验通过' } as const;

/** A bank card whose 3-factor check has not passed (0 unchecked, 2 wrong) may be checked again. */
const recheckable = (row: Row) => Number(row.accountCategory) === 0 && Number(row.validated) !== 1;

export function custCardRoutes(deps: AppDeps, checker: BankCardChecker = simulatedBankCardChecker): RouteSpec[] {
  const db = deps.db as unknown as AnyDb;
  const cards: { resource: Resource<typeof custCard.fields>; routes: RouteSpec[] } = defineResource(deps, custCard, {
    scope: (caller: Caller, qb: AnyQuery) =>
      caller.user.adminType === AdminType.MER ? qb.where(sql<boolean>`1 = 0`) : qb.where(talentInScope(db as never, caller.scope, `${T}.custId`) as never),
    writers: ['SYS', 'SPR', 'ENT'],
    create: 'addCustCard',
    update: false,
    remove: 'deleteCustCard',
    simple: false,
    listAliases: ['cust/query/listCustCard'],
    duplicate: CARD_MESSAGES.duplicate,
    rowActions: (caller, row) => (cards.resource.mayWrite(caller, row) && recheckable(row) ? [RECHECK] : []),
    // The card's talent: who registered it decides who may change its cards.
    lookups: (qb) =>
      qb.select((eb) => [
        eb.selectFrom('cust as wc').select('wc.entId').whereRef('wc.id', '=', `${T}.custId`).as('custEntId'),
        eb.selectFrom('cust as wc').select('wc.supplierId').whereRef('wc.id', '=', `${T}.custId`).as('custSupplierId'),
      ]),
    mayWrite: (caller, row) => talentWritableBy(caller, { entId: row.custEntId, supplierId: row.custSupplierId }),
    beforeCreate: async (ctx, values) => {
      const talent = await requireTalent(ctx.trx, ctx.caller, values.custId);
      if (!talentWritableBy(ctx.caller, talent)) throw new ApiError(Code.NO_PERMISSION, Messages.noPermission);
      const category = Number(values.accountCategory ?? 0);
      const cardNo = String(values.cardNo ?? '').trim();
      const error = cardNoError(category, cardNo);
      if (error) throw new ApiError(Code.VALIDATION, error);
      if (category === 10) return { ...values, cardNo, bankName: values.bankName ?? '支付宝', cardType: 'DC', cardAttr: 'C', validated: 0 };
      const bin = await lookupBin(ctx.trx, cardNo);
      const validated = await checker.check({ name: String(talent.name), idNumber: String(talent.idNumber), cardNo });
      return { ...values, cardNo, bankName: values.bankName ?? bin?.bankName ?? null, cardType: bin?.cardType ?? values.cardType ?? 'DC', validated };
    },
  });
  const { resource, routes } = cards;
  /** 重新校验: the talent's current name and ID number against the card, once per request; audited. */
  const recheck = async (ctx: SignedInContext) => {
    const { caller } = ctx;
    const row = await resource.load(caller, keyValue(custCard, ctx.body));
    if (!resource.mayWrite(caller, row)) throw new ApiError(Code.NO_PERMISSION, Messages.noPermission);
    if (Number(row.accountCategory) !== 0) throw new ApiError(Code.CONFLICT, RECHECK_MESSAGES.notBankCard);
    if (!recheckable(row)) throw new ApiError(Code.CONFLICT, RECHECK_MESSAGES.passed);
    const talent = await requireTalent(db, caller, row.custId);
    const validated = await checker.check({ name: String(talent.name), idNumber: String(talent.idNumber), cardNo: String(row.cardNo) });
    await deps.db.transaction().execute(async (trx) => {
      const moved = await trx.updateTable('cust_card').set({ validated, updatedAt: ctx.now }).where('id', '=', Number(row.id)).where('validated', '=', Number(row.validated)).executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) throw new ApiError(Code.CONFLICT, STALE);
      await audit(trx, { operator: caller.user, now: ctx.now, action: RECHECK, entity: custCard.name, entityId: String(row.id), changes: { validated: { from: Number(row.validated), to: validated } } });
    });
    return resource.get(caller, Number(row.id));
  };
  // The spec names the list listCustCard; the kit's own list and get paths would be second names.
  return [
    ...routes.filter((r) => r.path !== `${custCard.paths.query}/list` && r.path !== `${custCard.paths.query}/get`),
    { path: `${custCard.paths.mgr}/${RECHECK}`, perm: custCard.codes.mgr!, handler: (ctx) => recheck(ctx as SignedInContext) },
  ];
}
