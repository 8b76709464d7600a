import { type AccountData, AdminType, buildPermTree, type EntMO, type MerchtMO, type UserInfo } from '@flexpay/shared-utility/src/pure';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { AdminUserRow } from './permissions';

/** Shown as the organisation of SYS accounts (CONTRACT.md "Names"). */
export const PLATFORM_NAME = 'FlexPay 平台运营';
export const PLATFORM_CODE = 'FLEXPAY';

export async function accountData(db: Kysely<Database>, user: AdminUserRow, permCodes: number[]): Promise<AccountData> {
  let entMO: EntMO | null = null;
  let merchtMO: MerchtMO | null = null;
  if (user.adminType === AdminType.ENT && user.orgId !== null) {
    const ent = await db.selectFrom('ent').selectAll().where('id', '=', user.orgId).executeTakeFirst();
    if (ent)
      entMO = {
        entId: ent.id,
        entCode: ent.entCode,
        entName: ent.entName,
        merchtId: ent.merchtId,
        supplierId: ent.supplierId,
        status: ent.status,
      };
  } else if ((user.adminType === AdminType.SPR || user.adminType === AdminType.MER) && user.orgId !== null) {
    const m = await db.selectFrom('mercht').selectAll().where('id', '=', user.orgId).executeTakeFirst();
    if (m)
      merchtMO = {
        merchtId: m.id,
        merchtCode: m.merchtCode,
        name: m.name,
        merchtType: m.merchtType,
        parentId: m.parentId,
        status: m.status,
      };
  }
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
    permTree: buildPermTree(permCodes),
  };
}
