/**
 * A talent's payout accounts (DOMAIN.md §6, spec §7 cust listCustCard/addCustCard/deleteCustCard): a
 * bank card (10-30 digits, bank and type named from the BIN table when it knows the card) or an Alipay
 * account, one of each number per talent, checked on adding by the 3-factor provider (validated 1/2).
 * Card numbers are masked in lists for callers without the talent-manage code.
 */
import { AdminType, CARD_MESSAGES, cardNoError, custCard, maskMiddle } from '@flexpay/shared-utility/src/pure';
import { sql } from 'kysely';
import { Code } from '../../http/codes';
import { ApiError } from '../../http/envelope';
import type { AppDeps, Caller, RouteSpec } from '../../http/guard';
import { type BankCardChecker, simulatedBankCardChecker } from '../../providers/bank-card-check';
import { type AnyDb, type AnyQuery, defineResource, T } from '../../resource/entity-resource';
import { lookupBin } from './bin';
import { CUST_MGR_CODE, requireTalent } from './coop';
import { talentInScope } from './scope';

export function custCardRoutes(deps: AppDeps, checker: BankCardChecker = simulatedBankCardChecker): RouteSpec[] {
  const db = deps.db as unknown as AnyDb;
  const { routes } = defineResource(deps, custCard, {
    scope: (caller: Caller, qb: AnyQuery) =>
      caller.user.adminType === AdminType.MER ? qb.where(sql<boolean>`1 = 0`) : qb.where(talentInScope(db as never, caller.scope, `${T}.custId`) as never),
    writers: ['SYS', 'SPR', 'ENT'],
    create: 'addCustCard',
    update: false,
    remove: 'deleteCustCard',
    simple: false,
    listAliases: ['cust/query/listCustCard'],
    duplicate: CARD_MESSAGES.duplicate,
    computed: (row, caller) => (caller?.perms.has(CUST_MGR_CODE) ? {} : { cardNo: maskMiddle(row.cardNo as string) }),
    beforeCreate: async (ctx, values) => {
      const talent = await requireTalent(ctx.trx, ctx.caller, values.custId);
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
  // The spec names the list listCustCard; the kit's own list and get paths would be second names.
  return routes.filter((r) => r.path !== `${custCard.paths.query}/list` && r.path !== `${custCard.paths.query}/get`);
}
