/**
 * Demo sub-accounts (issue 22 item 10): 管理员 lists, for each of the four organisations, a few
 * colleagues of its top administrator with a role's code set — each a different subset of the codes
 * its account type may hold — and one of them disabled. They sign in with the demo password.
 */
import { accountTypeOf, defaultCodesFor, PERMISSION_BY_KEY } from '@flexpay/shared-utility/src/pure';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { PasswordHash } from '../security/password';
import { HOUR_MS } from '../util/time';

const DAY_MS = 24 * HOUR_MS;

/** Role code sets by permission key; each is capped to the account type's codes when seeded. */
export const DEMO_ROLES = {
  财务: [
    'ACT_ENT_CHANNEL_QUERY',
    'ACT_ENT_BALANCE_APPLY_QUERY',
    'ACT_ENT_BALANCE_APPLY',
    'ACT_ENT_BALANCE_LOG',
    'ACT_ENT_REFUND_QUERY',
    'ACT_ENT_REFUND_APPLY',
    'ACT_ENT_FEE_STATS',
    'ACT_ENT_STATS',
    'ACT_MERCHT_FEE_STATS',
    'ACT_ORDER_QUERY',
    'ACT_ORDER_EXPORT',
    'ACT_ORDER_FEE_LOG',
    'ACT_INVOICE_INFO_QUERY',
    'ACT_INVOICE_MY_QUERY',
    'ACT_INVOICE_MY_MGR',
    'ACT_INVOICE_TO_ME_QUERY',
  ],
  审核员: [
    'ACT_TEMP_ORDER_QUERY',
    'ACT_TEMP_ORDER_REVIEW',
    'ACT_ORDER_QUERY',
    'ACT_ORDER_DETAIL_QUERY',
    'ACT_ENT_BALANCE_APPLY_QUERY',
    'ACT_ENT_BALANCE_APPLY_REVIEW',
    'ACT_ENT_REFUND_QUERY',
    'ACT_ENT_REFUND_REVIEW',
    'ACT_INVOICE_TO_ME_QUERY',
    'ACT_INVOICE_REVIEW',
    'ACT_PACKAGE_QUERY',
    'ACT_PACKAGE_REVIEW',
  ],
  制单员: ['ACT_TEMP_ORDER_QUERY', 'ACT_TEMP_ORDER_MGR', 'ACT_ORDER_QUERY', 'ACT_ORDER_DETAIL_QUERY', 'ACT_CUST_QUERY', 'ACT_CUST_COOP_QUERY', 'ACT_ENT_CHANNEL_QUERY'],
  客服: [
    'ACT_SYS_USER_SUBUSER_QUERY',
    'ACT_CUST_QUERY',
    'ACT_CUST_COOP_QUERY',
    'ACT_ORDER_QUERY',
    'ACT_ORDER_DETAIL_QUERY',
    'ACT_ENT_QUERY',
    'ACT_MERCHT_QUERY',
    'ACT_MERCHT_SUB_QUERY',
    'ACT_ENT_COOP_QUERY',
    'ACT_NOTICE_QUERY',
    'ACT_PACKAGE_QUERY',
  ],
} as const;
export type DemoRole = keyof typeof DEMO_ROLES;

/** The demo organisation (its top administrator's username) → its sub-accounts. */
export const DEMO_SUB_ACCOUNTS: Record<string, Array<{ username: string; name: string; role: DemoRole; phone: string; disabled?: boolean }>> = {
  sysadmin: [
    { username: 'sysFinance01', name: '周敏', role: '财务', phone: '13800000011' },
    { username: 'sysReview01', name: '吴志强', role: '审核员', phone: '13800000012' },
    { username: 'sysService01', name: '郑丽娟', role: '客服', phone: '13800000013', disabled: true },
  ],
  supplier01: [
    { username: 'sprFinance01', name: '林芳', role: '财务', phone: '13907550011' },
    { username: 'sprReview01', name: '何俊', role: '审核员', phone: '13907550012' },
    { username: 'sprService01', name: '高雪', role: '客服', phone: '13907550013', disabled: true },
  ],
  merchant01: [
    { username: 'merFinance01', name: '罗婷', role: '财务', phone: '13816200011' },
    { username: 'merService01', name: '梁伟', role: '客服', phone: '13816200012', disabled: true },
  ],
  enterprise01: [
    { username: 'entFinance01', name: '宋佳', role: '财务', phone: '13601000011' },
    { username: 'entMaker01', name: '韩磊', role: '制单员', phone: '13601000012' },
    { username: 'entService01', name: '唐静', role: '客服', phone: '13601000013', disabled: true },
  ],
};

/** A role's codes an account of the type may hold, sorted. */
export function demoRoleCodes(role: DemoRole, adminType: number): number[] {
  const type = accountTypeOf(adminType);
  const allowed = new Set(type ? defaultCodesFor(type) : []);
  return DEMO_ROLES[role]
    .map((key) => PERMISSION_BY_KEY.get(key)?.code)
    .filter((code): code is number => code !== undefined && allowed.has(code))
    .sort((a, b) => a - b);
}

/** Inserts each top administrator's sub-accounts (children of it) with their role's codes. */
export async function seedSubAccounts(trx: Transaction<Database>, { now, password }: { now: number; password: PasswordHash }): Promise<void> {
  let n = 0;
  for (const [topName, subs] of Object.entries(DEMO_SUB_ACCOUNTS)) {
    const top = await trx.selectFrom('admin_user').select(['userId', 'adminType', 'terCode', 'orgId']).where('username', '=', topName).executeTakeFirstOrThrow();
    for (const sub of subs) {
      n += 1;
      const createdAt = now - (60 - n * 3) * DAY_MS;
      const row = await trx
        .insertInto('admin_user')
        .values({
          username: sub.username,
          ...password,
          name: sub.name,
          phone: sub.phone,
          wechat: null,
          email: `${sub.username.toLowerCase()}@flexpay.example.com`,
          sex: n % 2,
          avatar: null,
          remark: `演示子账号（${sub.role}）`,
          status: sub.disabled ? 1 : 0,
          adminType: top.adminType,
          terCode: top.terCode,
          orgId: top.orgId,
          isTopAdmin: 0,
          guideStep: -1,
          parentUserId: top.userId,
          createdAt,
          updatedAt: createdAt,
        })
        .returning('userId')
        .executeTakeFirstOrThrow();
      const codes = demoRoleCodes(sub.role, top.adminType);
      if (codes.length > 0) await trx.insertInto('admin_user_perm').values(codes.map((code) => ({ userId: row.userId, code }))).execute();
    }
  }
}
