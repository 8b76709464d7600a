/**
 * 通道余额 (spec §2 /ent/channelStats, §7 ent payChannel; DOMAIN.md §3): an account per enterprise ×
 * pay channel, opened by SYS or the supplier on a channel the supplier configured; its balance and the
 * supplier's collection account; the per-channel totals; SYS's overdraft setting (18520, a command: its effect is money.effects.ts).
 */
import { entAccount, MONEY_MESSAGES } from '@flexpay/shared-utility/src/pure';
import { channelBalanceTotals } from '@flexpay/shared-utility/src/pure/rules/server';
import { Code } from '../../http/codes';
import { refuse } from '../../http/envelope';
import { type AppDeps, type RouteSpec, type SignedInContext, signed } from '../../http/guard';
import { whereEach } from '../../resource/batch';
import type { Row } from '../../resource/codec';
import { entChannelOf } from '../../resource/ent-channel';
import { type AnyDb, defineResource, present, T } from '../../resource/entity-resource';
import { entScope } from '../org-scope';
import { moneyScope, supplierConfigOf } from './money-base';
import { accountEffects } from './money.effects';

export function accountRoutes(deps: AppDeps): RouteSpec[] {
  const db: AnyDb = deps.db;
  const accounts = defineResource(deps, entAccount, {
    scope: moneyScope(db),
    writers: ['SYS', 'SPR'],
    create: 'addOrUpdate',
    update: false,
    upsertBy: ['entId', 'channel'],
    summary: ['available', 'locked'],
    listAliases: ['ent/query/channelStats/list'],
    effects: accountEffects,
    export: true,
    simple: false,
    // Another organisation's enterprise is refused (3002) before its existing accounts could answer a conflict.
    refersTo: [{ table: 'ent', column: 'entId', scope: entScope(db) }],
    check: async (ctx, next) => {
      const channel = await ctx.trx.selectFrom('pay_channel').select('status').where('channel', '=', next.channel).executeTakeFirst();
      if (channel?.status !== 0) refuse(Code.VALIDATION, MONEY_MESSAGES.channelOff);
      if ((await supplierConfigOf(ctx.trx, next.entId as number, next.channel as number))?.status !== 0) refuse(Code.VALIDATION, MONEY_MESSAGES.notConfigured);
    },
  });

  /** The caller's account of {entId, channel}: 1001 when it is not open, 3002 outside the scope. */
  async function scopedAccount(ctx: SignedInContext): Promise<Row> {
    const open = await whereEach(db.selectFrom('ent_account').select('id'), entChannelOf(ctx.body)).executeTakeFirst();
    return open ? accounts.resource.load(ctx.caller, open.id) : refuse(Code.VALIDATION, MONEY_MESSAGES.noAccount);
  }
  /** The account's balance and overdraft, presented as the entity declares them. */
  function balanceOf(row: Row) {
    const { available, locked, allowOverdraft, overdraftLimit } = present(entAccount, row);
    return { available, locked, allowOverdraft, overdraftLimit };
  }
  async function payeeOf(row: Row) {
    const { payeeAcctName = null, payeeAcct = null, payeeBank = null } = (await supplierConfigOf(db, row.entId as number, row.channel as number)) ?? {};
    return { payeeAcctName, payeeAcct, payeeBank };
  }

  const query = entAccount.codes.query;
  /** What each account route answers of {entId, channel}'s account: its balance, the supplier's collection account, or both. */
  const parts = { balance: [balanceOf], payeeAcct: [payeeOf], payeeAcctAndBal: [payeeOf, balanceOf] };
  const accountRoutes: RouteSpec[] = [
    ...Object.entries(parts).map(([name, reads]): RouteSpec => ({
      path: `ent/query/payChannel/${name}`,
      perm: query,
      handler: signed(async (ctx) => {
        const row = await scopedAccount(ctx);
        return Object.assign({}, ...(await Promise.all(reads.map((read) => read(row)))));
      }),
    })),
    {
      // 通道余额: the caller's accounts summed per channel, and the grand total.
      path: 'ent/query/channelStats/balance',
      perm: query,
      handler: signed(async (ctx) => {
        const { qb } = accounts.resource.filtered(ctx.caller, ctx.body);
        const rows = await qb
          .leftJoin('pay_channel as c', 'c.channel', `${T}.channel`)
          .select((eb) => [`${T}.channel`, 'c.name as channelName', eb.fn.countAll().as('accounts'), eb.fn.sum(`${T}.availableFen`).as('available'), eb.fn.sum(`${T}.lockedFen`).as('locked')])
          .groupBy([`${T}.channel`, 'c.name'])
          .orderBy(`${T}.channel`)
          .execute();
        return channelBalanceTotals(rows);
      }),
    },
  ];
  return [...accounts.routes, ...accountRoutes];
}
