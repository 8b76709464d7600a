import { accountTypeOf, codeOf, type DashboardAccountCard, entAccount, formatFen } from '@flexpay/shared-utility/src/pure';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { type RouteSpec, signed, type SignedInContext } from '../../http/guard';
import { present } from '../../resource/entity-resource';
import { merchantMonth } from './merchant';
import { channelHealth, orderFigures } from './orders';
import { talentCount } from './talents';
import { count, todosOf } from './todos';

const ACCOUNT_CARD = ['channel', 'available', 'locked', 'allowOverdraft', 'overdraftLimit', 'status'] as const satisfies ReadonlyArray<keyof DashboardAccountCard>;

/** An enterprise's balance over its channels and each channel's card: those fields of the account as 通道余额 presents them. */
async function entAccounts(db: Kysely<Database>, entId: number) {
  const accounts = await db.selectFrom('ent_account').selectAll().where('ent_account.entId', '=', entId).orderBy('ent_account.channel').execute();
  const cards = accounts.map((account) => present(entAccount, account)).map((shown) => Object.fromEntries(ACCOUNT_CARD.map((name) => [name, shown[name]])) as unknown as DashboardAccountCard);
  return { balance: formatFen(accounts.reduce((sum, account) => sum + Number(account.availableFen), 0)), accounts: cards };
}

/** The platform's organisations: suppliers (merchtType ≥ 100) and merchants (0). */
async function orgCounts(db: Kysely<Database>) {
  const orgs = await db.selectFrom('mercht').select((eb) => [eb.fn.countAll<number>().filterWhere('merchtType', '>=', 100).as('suppliers'), eb.fn.countAll<number>().filterWhere('merchtType', '=', 0).as('merchants')]).executeTakeFirstOrThrow();
  return { supplierCount: Number(orgs.suppliers), merchtCount: Number(orgs.merchants) };
}

/**
 * The home page's figures. Keys are present only when the caller may see them: `todos` has the to-dos of
 * the caller's account type whose code it holds, `balance` and `accounts` are for enterprises,
 * `channelHealth` for SYS and SPR, `merchant` for merchants, supplier/merchant counts for SYS.
 */
export async function summary(ctx: SignedInContext) {
  const { db } = ctx.deps;
  const { user, scope } = ctx.caller;
  const type = accountTypeOf(user.adminType);
  return {
    todos: await todosOf(db, ctx, type),
    ...(await orderFigures(db, ctx)),
    entCount: await count(db, ctx, 'ent'),
    custCount: await talentCount(db, ctx.deps.dialect, scope),
    packageCount: await count(db, ctx, 'work_package'),
    ...(type === 'ENT' ? await entAccounts(db, user.orgId ?? -1) : {}),
    ...(type === 'SYS' || type === 'SPR' ? { channelHealth: await channelHealth(db, ctx) } : {}),
    ...(type === 'MER' ? { merchant: await merchantMonth(db, ctx, user.orgId ?? -1) } : {}),
    ...(type === 'SYS' ? await orgCounts(db) : {}),
  };
}

/** The home page's route; a login-only code: every signed-in account has a home page. */
export const dashboardRoutes = (): RouteSpec[] => [{ path: 'dashboard/summary', perm: codeOf('ACT_LOGIN_INFO'), handler: signed(summary) }];
