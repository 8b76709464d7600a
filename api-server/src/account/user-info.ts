import { type AccountData, AdminType, buildPermTree, type EntMO, type MerchtMO, type UserInfo } from '@flexpay/shared-utility/src/pure';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { AdminUserRow } from './permissions';

/** Shown as the organisation of SYS accounts (CONTRACT.md "Names"). */
export const PLATFORM_NAME = 'FlexPay 平台运营';
export const PLATFORM_CODE = 'FLEXPAY';

/** The organisation an account belongs to, as sign-in and every signed-in call read it. */
export type AccountOrg = { kind: 'platform' } | { kind: 'ent'; ent: EntMO } | { kind: 'mercht'; mercht: MerchtMO } | { kind: 'missing' };

export async function orgOf(db: Kysely<Database>, user: AdminUserRow): Promise<AccountOrg> {
  if (user.orgId === null) return { kind: 'platform' };
  if (user.adminType === AdminType.ENT) {
    const ent = await db.selectFrom('ent').select(['id', 'entCode', 'entName', 'merchtId', 'supplierId', 'status']).where('id', '=', user.orgId).executeTakeFirst();
    return ent
      ? { kind: 'ent', ent: { entId: ent.id, entCode: ent.entCode, entName: ent.entName, merchtId: ent.merchtId, supplierId: ent.supplierId, status: ent.status } }
      : { kind: 'missing' };
  }
  if (user.adminType === AdminType.SPR || user.adminType === AdminType.MER) {
    const m = await db.selectFrom('mercht').select(['id', 'merchtCode', 'name', 'merchtType', 'parentId', 'status']).where('id', '=', user.orgId).executeTakeFirst();
    return m
      ? { kind: 'mercht', mercht: { merchtId: m.id, merchtCode: m.merchtCode, name: m.name, merchtType: m.merchtType, parentId: m.parentId, status: m.status } }
      : { kind: 'missing' };
  }
  return { kind: 'platform' };
}

const DISABLED_STATUSES = new Set([1, 30]);

/**
 * Whether the account may act: its own status and its organisation's (mercht.status for SPR/MER,
 * ent.status for ENT). Disabling an organisation blocks all of its accounts at once (2028).
 */
export function accountBlockedBy(user: AdminUserRow, org: AccountOrg): boolean {
  if (DISABLED_STATUSES.has(user.status)) return true;
  if (org.kind === 'missing') return true;
  if (org.kind === 'ent') return DISABLED_STATUSES.has(org.ent.status);
  if (org.kind === 'mercht') return DISABLED_STATUSES.has(org.mercht.status);
  return false;
}

/** What loginInfo answers; the organisation is read unless the caller already holds it. */
export async function accountData(db: Kysely<Database>, user: AdminUserRow, permCodes: number[], known?: AccountOrg): Promise<AccountData> {
  const org = known ?? (await orgOf(db, user));
  const entMO = org.kind === 'ent' ? org.ent : null;
  const merchtMO = org.kind === 'mercht' ? org.mercht : null;
  const orgName = entMO?.entName ?? merchtMO?.name ?? PLATFORM_NAME;
  return { userInfo: userInfoOf(user, permCodes, orgName), permCodes, entMO, merchtMO };
}

export function userInfoOf(user: AdminUserRow, permCodes: number[], orgName: string): UserInfo {
  return {
    userId: user.userId,
    username: user.username,
    name: user.name,
    phone: user.phone,
    email: user.email,
    weChat: user.wechat,
    avatar: user.avatar,
    guideStep: user.guideStep,
    adminType: user.adminType,
    terCode: user.terCode,
    isTopAdmin: user.isTopAdmin,
    mustChangePassword: user.mustChangePassword === 1,
    sex: user.sex,
    remark: user.remark,
    status: user.status,
    orgName,
    permTree: permTreeOf(permCodes),
  };
}

/** A caller's cached permission list (security/auth-cache.ts) builds its menu tree once. */
const permTrees = new WeakMap<number[], ReturnType<typeof buildPermTree>>();

function permTreeOf(permCodes: number[]): ReturnType<typeof buildPermTree> {
  let tree = permTrees.get(permCodes);
  if (!tree) {
    tree = buildPermTree(permCodes);
    permTrees.set(permCodes, tree);
  }
  return tree;
}
