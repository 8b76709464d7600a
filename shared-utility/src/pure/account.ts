import type { PermTreeNode } from './permissions';

/** userInfo as user/login, user/loginInfo and user/get send it (spec §3). */
export interface UserInfo {
  userId: number;
  username: string;
  name: string | null;
  phone: string | null;
  email: string | null;
  weChat: string | null;
  avatar: string | null;
  /** Progress of the first-time guide; -1 when unset. */
  guideStep: number;
  adminType: number;
  /** Manager (terminal) code: the organisation's code. */
  terCode: string;
  isTopAdmin: number;
  /** A new organisation's top administrator still holds the initial password (must change it first). */
  mustChangePassword: boolean;
  sex: number;
  remark: string | null;
  status: number;
  orgName: string;
  permTree: PermTreeNode[];
}

export interface EntMO {
  entId: number;
  entCode: string;
  entName: string;
  merchtId: number;
  supplierId: number;
  status: number;
}

export interface MerchtMO {
  merchtId: number;
  merchtCode: string;
  name: string;
  merchtType: number;
  parentId: number | null;
  status: number;
}

/** data of user/loginInfo; user/login adds the credentials. */
export interface AccountData {
  userInfo: UserInfo;
  permCodes: number[];
  entMO: EntMO | null;
  merchtMO: MerchtMO | null;
}
