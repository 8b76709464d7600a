import { HOME_PATH } from '@flexpay/shared-utility/src/pure/routes';
import { guardNavigation } from '@flexpay/shared-utility/src/session/guard';
import { HOME, redirectTarget, safeRedirect } from '../src/login/redirect';

const ORIGIN = 'http://localhost:9000';

describe('safeRedirect: only same-origin paths survive', () => {
  it.each([
    ['/order/index', '/order/index'],
    ['/cust/ent/2?page=3#top', '/cust/ent/2?page=3#top'],
    ['  /dashboard  ', '/dashboard'],
    ['/invoice/myApply/0', '/invoice/myApply/0'],
  ])('keeps %j', (raw, expected) => {
    expect(safeRedirect(raw, ORIGIN)).toBe(expected);
  });

  it.each([
    [null],
    [undefined],
    [''],
    ['dashboard'],
    ['https://evil.example/steal'],
    ['http://localhost:9000/order/index'],
    ['//evil.example/path'],
    ['/\\evil.example'],
    ['/\t/evil.example'],
    ['/\n/evil.example'],
    ['javascript:alert(1)'],
    ['/login'],
    ['/login/?redirect=/x'],
    ['/forgetPassword'],
    ['/contactUs'],
  ])('falls back to / for %j', (raw) => {
    expect(safeRedirect(raw as string | null | undefined, ORIGIN)).toBe('/');
  });

  it('reads the redirect query parameter, decoded; where it falls back to /, goes to the home page / leads to', async () => {
    expect(redirectTarget('?redirect=%2Forder%2Findex%3FpageNum%3D2', ORIGIN)).toBe('/order/index?pageNum=2');
    expect(redirectTarget('?redirect=https%3A%2F%2Fevil.example', ORIGIN)).toBe(HOME_PATH);
    expect(redirectTarget('', ORIGIN)).toBe(HOME_PATH);
    expect(redirectTarget('?redirect=%2F', ORIGIN)).toBe(HOME_PATH);
    // The guard's own answer for /: the login page skips that reroute (issue 24).
    expect(HOME).toBe(HOME_PATH);
    await expect(guardNavigation('/')).resolves.toBe(HOME);
  });
});
