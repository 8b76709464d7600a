import { modulesAfterSignIn } from '../src/after-sign-in';

describe('the modules executed while the sign-in call is at the server (issue 24)', () => {
  test('shared-utility, the navbar and the app of the destination', () => {
    expect(modulesAfterSignIn('')).toEqual(['@flexpay/shared-utility', '@flexpay/navbar-app', '@flexpay/system-app']);
    expect(modulesAfterSignIn('?redirect=%2Forder%2Findex')).toEqual(['@flexpay/shared-utility', '@flexpay/navbar-app', '@flexpay/finance-app']);
    expect(modulesAfterSignIn('?redirect=%2Fcust%2Fent%2F2')).toEqual(['@flexpay/shared-utility', '@flexpay/navbar-app', '@flexpay/people-app']);
  });

  test('a foreign, public or unknown destination means the home page', () => {
    for (const search of ['?redirect=https%3A%2F%2Fevil.example%2F', '?redirect=%2F%2Fevil.example', '?redirect=%2Flogin', '?redirect=%2Fno%2Fsuch']) {
      expect(modulesAfterSignIn(search)).toEqual(['@flexpay/shared-utility', '@flexpay/navbar-app', '@flexpay/system-app']);
    }
  });
});
