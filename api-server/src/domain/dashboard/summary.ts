import {
  AdminType,
  accountTypeOf,
  type DashboardAccountCard,
  type DashboardChannelHealth,
  type DashboardMerchantMonth,
  entAccount,
  formatFen,
  type OrderFigures,
  type TodoKey,
} from '@flexpay/shared-utility/src/pure';
import { rowInScope } from '../../account/scope';
import { present } from '../../resource/entity-resource';
import type { SignedInContext } from '../../http/guard';
import { merchantMonth } from './merchant';
import { channelHealth, orderFigures } from './orders';
import { talentCount } from './talents';
import { count, todosOf } from './todos';

/**
 * Keys are present only when the caller may see them: `todos` has the to-dos of the caller's account
 * type whose code it holds, `balance` and `accounts` are for enterprises, `channelHealth` for SYS and
 * SPR, `merchant` for merchants, supplier/merchant counts for SYS.
 */
export interface DashboardSummary extends OrderFigures {
  todos: { total: number } & Partial<Record<TodoKey, number>>;
  balance?: string;
  accounts?: DashboardAccountCard[];
  channelHealth?: DashboardChannelHealth[];
  merchant?: DashboardMerchantMonth;
  supplierCount?: number;
  merchtCount?: number;
  entCount: number;
  custCount: number;
  packageCount: number;
}

const ACCOUNT_CARD = ['channel', 'available', 'locked', 'allowOverdraft', 'overdraftLimit', 'status'] as const satisfies ReadonlyArray<keyof DashboardAccountCard>;

export async function summary(ctx: SignedInContext): Promise<DashboardSummary> {
  const { db } = ctx.deps;
  const { user, scope } = ctx.caller;
  const todos = await todosOf(db, ctx, accountTypeOf(user.adminType));
  const orders = await orderFigures(db, ctx);
  const ents = await db
    .selectFrom('ent')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(rowInScope(db, scope, { ent: 'ent.id', supplier: 'ent.supplierId' }))
    .executeTakeFirstOrThrow();
  const result: DashboardSummary = {
    todos,
    ...orders,
    entCount: Number(ents.n),
    custCount: await talentCount(db, ctx.deps.dialect, scope),
    packageCount: await count(db, ctx, 'work_package'),
  };
  if (user.adminType === AdminType.ENT) {
    const accounts = await db.selectFrom('ent_account').selectAll().where('ent_account.entId', '=', user.orgId ?? -1).orderBy('ent_account.channel').execute();
    result.balance = formatFen(accounts.reduce((sum, account) => sum + Number(account.availableFen), 0));
    // Each channel's card: those fields of the account as 通道余额 presents them.
    result.accounts = accounts.map((account) => present(entAccount, account)).map((shown) => Object.fromEntries(ACCOUNT_CARD.map((name) => [name, shown[name]])) as unknown as DashboardAccountCard);
  }
  if (user.adminType === AdminType.SYS || user.adminType === AdminType.SPR) result.channelHealth = await channelHealth(db, ctx);
  if (user.adminType === AdminType.MER) result.merchant = await merchantMonth(db, ctx, user.orgId ?? -1);
  if (user.adminType === AdminType.SYS) {
    const orgs = await db
      .selectFrom('mercht')
      .select((eb) => [
        eb.fn.countAll<number>().filterWhere('merchtType', '>=', 100).as('suppliers'),
        eb.fn.countAll<number>().filterWhere('merchtType', '=', 0).as('merchants'),
      ])
      .executeTakeFirstOrThrow();
    result.supplierCount = Number(orgs.suppliers);
    result.merchtCount = Number(orgs.merchants);
  }
  return result;
}
