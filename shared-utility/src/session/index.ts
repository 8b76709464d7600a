export { hasToken, clearCredentials, TOKEN_COOKIE, API_SECRET_COOKIE } from './credentials';
export {
  session$,
  permissions$,
  currentSession,
  currentPermissions,
  fetchUserInfo,
  ensureSession,
  adoptSignIn,
  logout,
  patchSession,
} from './store';
export {
  displayName,
  organisationName,
  avatarThumb,
  AVATAR_THUMB_PARAM,
  PLATFORM_ORG_NAME,
  type UserInfo,
  type EntMO,
  type MerchtMO,
  type SignedInUser,
  type LoginInfoData,
} from './user';
export { guardNavigation, loginRedirect, NOT_FOUND_PATH, SESSION_LOAD_FAILED, type GuardDeps } from './guard';
