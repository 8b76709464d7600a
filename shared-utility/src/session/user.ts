import { accountTypeOf, type AccountType, type EntMO, type MerchtMO, type UserInfo } from '../pure';

export type { EntMO, MerchtMO, UserInfo };

/** data of user/login and user/loginInfo; the credentials come only with login. */
export interface LoginInfoData {
  token?: string;
  apiSecret?: string;
  userInfo: Omit<UserInfo, 'guideStep'> & { guideStep?: number | null };
  permCodes: number[];
  entMO: EntMO | null;
  merchtMO: MerchtMO | null;
}

export interface SignedInUser extends UserInfo {
  permCodes: number[];
  entMO: EntMO | null;
  merchtMO: MerchtMO | null;
  accountType: AccountType;
}

export const PLATFORM_ORG_NAME = 'FlexPay 平台运营';

/** Flattens the server answer into the one object the apps read. */
export function toSignedInUser(data: LoginInfoData): SignedInUser {
  const accountType = accountTypeOf(data.userInfo.adminType);
  if (!accountType) throw new Error(`未知的账号类型：${data.userInfo.adminType}`);
  return {
    ...data.userInfo,
    guideStep: data.userInfo.guideStep ?? -1,
    permCodes: data.permCodes ?? [],
    entMO: data.entMO ?? null,
    merchtMO: data.merchtMO ?? null,
    accountType,
  };
}

/** Spec §3: name, else phone, else 管理员[username]. */
export function displayName(user: Pick<SignedInUser, 'name' | 'phone' | 'username'>): string {
  return user.name?.trim() || user.phone?.trim() || `管理员[${user.username}]`;
}

/** Spec §3: the enterprise for ENT, the merchant for SPR and MER, the platform for SYS. */
export function organisationName(user: Pick<SignedInUser, 'accountType' | 'entMO' | 'merchtMO'>): string {
  switch (user.accountType) {
    case 'ENT':
      return user.entMO?.entName ?? '';
    case 'SPR':
    case 'MER':
      return user.merchtMO?.name ?? '';
    case 'SYS':
      return PLATFORM_ORG_NAME;
  }
}

/**
 * The 80x80 avatar thumbnail of spec §3. Uploaded files are served by an OSS-compatible store, whose
 * image processing parameter crops to a filled 80x80 square; stores that do not know the parameter
 * ignore it and serve the original, which the <img> then scales. Data and blob URLs are left alone.
 */
export const AVATAR_THUMB_PARAM = 'x-oss-process=image/resize,m_fill,w_80,h_80';

export function avatarThumb(url: string | null | undefined): string {
  if (!url) return '';
  if (/^(data|blob):/i.test(url) || url.includes('x-oss-process=')) return url;
  const [base, hash] = url.split('#', 2);
  const joined = `${base}${base.includes('?') ? '&' : '?'}${AVATAR_THUMB_PARAM}`;
  return hash === undefined ? joined : `${joined}#${hash}`;
}
