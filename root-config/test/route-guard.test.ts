import fs from 'node:fs';
import path from 'node:path';
import { Classes } from '@blueprintjs/core';
import { guardNavigation } from '@flexpay/shared-utility/src/session/guard';
import { BP } from '../src/bp-classes';
import { guardOf, guardRoute, keepSignInAnswer } from '../src/route-guard';

/**
 * Issue 24: the root config starts a public page without shared-utility and without Blueprint's script;
 * it decides public paths itself, as shared-utility's guard does, and hands every other path to that guard.
 */
const TOKEN = 'flexpay_admin_token';
const signIn = () => (document.cookie = `${TOKEN}=t1; Path=/`);
const signOut = () => (document.cookie = `${TOKEN}=; Path=/; Max-Age=0`);

describe('the route guard of the root config', () => {
  afterEach(signOut);

  test('public paths are decided without loading shared-utility, the same way its guard decides them', async () => {
    const load = jest.fn();
    for (const signedIn of [false, true]) {
      if (signedIn) signIn();
      else signOut();
      for (const pathname of ['/login', '/forgetPassword', '/contactUs', '/404']) {
        await expect(guardRoute(pathname, '?redirect=%2Fsys%2Fadmin', load)).resolves.toBe(await guardNavigation(pathname, '?redirect=%2Fsys%2Fadmin'));
      }
    }
    expect(load).not.toHaveBeenCalled();
    signIn();
    await expect(guardRoute('/login', '', load)).resolves.toBe('/');
    signOut();
    await expect(guardRoute('/login', '', load)).resolves.toBeNull();
  });

  test('any other path goes to shared-utility’s guard, loaded on first use', async () => {
    const guard = jest.fn(async (pathname: string, search: string) => `/login?redirect=${encodeURIComponent(pathname + search)}`);
    const load = jest.fn(async () => guard);
    await expect(guardRoute('/sys/admin', '?a=1', load)).resolves.toBe('/login?redirect=%2Fsys%2Fadmin%3Fa%3D1');
    await expect(guardRoute('/', '', load)).resolves.toBe('/login?redirect=%2F');
    expect(load).toHaveBeenCalledTimes(2);
    expect(guard).toHaveBeenCalledWith('/sys/admin', '?a=1');
  });

  test('the sign-in answer the login page hands over goes to shared-utility’s session once, before its guard runs', () => {
    const order: string[] = [];
    const guardNavigation = jest.fn(async () => null);
    const mod = { guardNavigation, adoptSignIn: jest.fn((answer: unknown) => order.push(`adopt ${(answer as { token: string }).token}`)) };
    expect(guardOf(mod)).toBe(guardNavigation);
    expect(mod.adoptSignIn).not.toHaveBeenCalled();
    keepSignInAnswer({ token: 't1', userInfo: {} });
    expect(guardOf(mod)).toBe(guardNavigation);
    expect(guardOf(mod)).toBe(guardNavigation);
    expect(order).toEqual(['adopt t1']);
    // An answer shared-utility cannot read is dropped: its guard then loads the user itself.
    keepSignInAnswer({ token: 't2' });
    expect(guardOf({ guardNavigation, adoptSignIn: () => { throw new Error('未知的账号类型'); } })).toBe(guardNavigation);
    expect(guardOf(mod)).toBe(guardNavigation);
    expect(order).toEqual(['adopt t1']);
  });

  test('the class names drawn without Blueprint’s script are Blueprint’s', () => {
    for (const [name, value] of Object.entries(BP)) expect([name, value]).toEqual([name, (Classes as unknown as Record<string, string>)[name]]);
  });

  test('no root-config source imports shared-utility’s bundle or Blueprint statically', () => {
    const dir = path.join(__dirname, '..', 'src');
    for (const file of fs.readdirSync(dir).filter((name) => /\.tsx?$/.test(name))) {
      const text = fs.readFileSync(path.join(dir, file), 'utf8');
      const imports = [...text.matchAll(/^\s*import\s[^;]*?from\s+'([^']+)'/gms)].map((m) => m[1]);
      expect([file, imports.filter((spec) => spec === '@flexpay/shared-utility' || spec.startsWith('@blueprintjs/'))]).toEqual([file, []]);
    }
  });
});
