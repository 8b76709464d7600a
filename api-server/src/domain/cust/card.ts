/**
 * A talent's payout accounts (DOMAIN.md §6, spec §7 cust listCustCard/addCustCard/deleteCustCard): a
 * bank card (10-30 digits, bank and type named from the BIN table when it knows the card) or an Alipay
 * account, one of each number per talent, checked on adding by the 3-factor provider (validated 1/2).
 * A bank card left unchecked (an import's, a provider outage) or found wrong is checked again by
 * 重新校验 (cust/mgr/recheckCustCard). Card numbers leave the server masked for everyone (the field's
 * `masked`, issue 22 item 6); cards are changed only by who may change the talent (talentWritableBy).
 */
import { CARD_MESSAGES, custCard } from '@flexpay/shared-utility/src/pure';
import { cardNoError } from '@flexpay/shared-utility/src/pure/rules/server';
import { Code, Messages } from '../../http/codes';
import { refuse } from '../../http/envelope';
import type { AppDeps, RouteSpec } from '../../http/guard';
import { type BankCardChecker, simulatedBankCardChecker } from '../../providers/bank-card-check';
import { defineResource, T } from '../../resource/entity-resource';
import { refColumns } from '../../resource/lookups';
import { cardEffects } from './cust.effects';
import { lookupBin } from './bin';
import { requireTalent, talentWritableBy } from './scope';
import { scoped } from '../../account/scope';

export function custCardRoutes(deps: AppDeps, checker: BankCardChecker = simulatedBankCardChecker): RouteSpec[] {
  // The spec names the list listCustCard and no get.
  return defineResource(deps, custCard, {
    scope: scoped(deps.db, { talent: `${T}.custId` }),
    writers: ['SYS', 'SPR', 'ENT'],
    create: 'addCustCard',
    update: false,
    remove: 'deleteCustCard',
    simple: false,
    list: 'cust/query/listCustCard',
    get: false,
    duplicate: CARD_MESSAGES.duplicate,
    // 重新校验 is a command (custCard.commands, its effect in cust.effects.ts); an Alipay account is not checked.
    effects: cardEffects(checker, deps.db),
    transitionRefusal: (name, row) => (name === 'recheckCustCard' && Number(row.accountCategory) !== 0 ? CARD_MESSAGES.notBankCard : null),
    // The card's talent: who registered it decides who may change its cards.
    lookups: refColumns('cust', 'custId', { custEntId: 'entId', custSupplierId: 'supplierId' }),
    mayWrite: (caller, row) => talentWritableBy(caller, { entId: row.custEntId, supplierId: row.custSupplierId }),
    beforeCreate: async (ctx, values) => {
      const talent = await requireTalent(ctx.trx, ctx.caller, values.custId);
      if (!talentWritableBy(ctx.caller, talent)) refuse(Code.NO_PERMISSION, Messages.noPermission);
      // The number as parsed (required, trimmed); the category's declared default is 0 (a bank card).
      const category = Number(values.accountCategory);
      const cardNo = String(values.cardNo);
      const error = cardNoError(category, cardNo);
      if (error) refuse(Code.VALIDATION, error);
      if (category === 10) return { ...values, bankName: values.bankName ?? '支付宝', cardType: 'DC', cardAttr: 'C', validated: 0 };
      const bin = await lookupBin(ctx.trx, cardNo);
      const validated = await checker.check({ name: String(talent.name), idNumber: String(talent.idNumber), cardNo });
      return { ...values, bankName: values.bankName ?? bin?.bankName ?? null, cardType: bin?.cardType ?? values.cardType ?? 'DC', validated };
    },
  }).routes;
}
