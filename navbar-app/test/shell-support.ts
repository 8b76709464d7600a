/** The shell's render tests (shell, a11y) share this: the stand-in services and an enterprise's top admin signed in. */
import * as shared from '@flexpay/shared-utility';

export const stub = shared as unknown as typeof import('./shared-utility-stub');
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export const user = {
  userId: 7,
  username: 'enterprise01',
  name: '王企业',
  phone: '13800000000',
  avatar: '',
  guideStep: -1,
  adminType: 40,
  accountType: 'ENT' as const,
  isTopAdmin: 1,
  permCodes: shared.defaultCodesFor('ENT'),
  permTree: [],
  entMO: { entName: '示例企业有限公司' },
  merchtMO: null,
};

/** A fresh tab (no session storage) signed in as {@link user}, on `path`. */
export function signedInAt(path: string): void {
  sessionStorage.clear();
  stub.sessionSubject.next(user);
  stub.permissionsSubject.next(new Set(user.permCodes));
  window.history.replaceState(null, '', path);
}
