import type { AccountType } from '../src/pure/enums';
import { defaultCodesFor, LimitType, meetsRequirement, mayUse, PERMISSION_BY_CODE, type VisibilityMode } from '../src/pure/permissions';
import { mayOpen, visibleMenu, type RouteDef } from '../src/pure/routes';

const OPEN = 1001; // login: open to everyone
const LOGIN = 1002; // login info: login only
const LIMITED = 1011; // sub-user query: must be held
const LIMITED2 = 1012;

describe('limit types (spec §6)', () => {
  it('uses the catalogue limit types the tests rely on', () => {
    expect(PERMISSION_BY_CODE.get(OPEN)?.limit).toBe(LimitType.OPEN);
    expect(PERMISSION_BY_CODE.get(LOGIN)?.limit).toBe(LimitType.LOGIN_ONLY);
    expect(PERMISSION_BY_CODE.get(LIMITED)?.limit).toBe(LimitType.LIMITED);
  });

  it.each([
    [OPEN, false, [], true],
    [LOGIN, false, [], false],
    [LOGIN, true, [], true],
    [LIMITED, true, [], false],
    [LIMITED, false, [LIMITED], false],
    [LIMITED, true, [LIMITED], true],
    [99999, true, [99999], false],
  ])('mayUse(%p, signedIn=%p, held=%p) is %p', (code, signedIn, held, expected) => {
    expect(mayUse(code, signedIn, new Set(held))).toBe(expected);
  });
});

describe('visibility modes', () => {
  const held = new Set([LIMITED]);
  const cases: Array<[VisibilityMode, number[], boolean]> = [
    ['include', [LIMITED, LIMITED2], true],
    ['include', [LIMITED2], false],
    ['include', [OPEN, LIMITED2], true],
    ['includeAll', [LIMITED, LIMITED2], false],
    ['includeAll', [LIMITED, LOGIN, OPEN], true],
    ['exclude', [LIMITED2], true],
    ['exclude', [LIMITED2, LOGIN], false],
    ['excludeAll', [LIMITED, LIMITED2], true],
    ['excludeAll', [LIMITED, OPEN], false],
  ];
  it.each(cases)('%s of %p for a holder of 1011 is %p', (mode, codes, expected) => {
    expect(meetsRequirement({ codes, mode }, held)).toBe(expected);
  });

  it('treats login-only codes as missing before sign-in', () => {
    expect(meetsRequirement({ codes: [LOGIN], mode: 'include' }, new Set(), false)).toBe(false);
    expect(meetsRequirement({ codes: [LOGIN], mode: 'exclude' }, new Set(), false)).toBe(true);
    expect(meetsRequirement({ codes: [OPEN], mode: 'excludeAll' }, new Set(), false)).toBe(false);
  });

  it('defaults to include and passes without codes', () => {
    expect(meetsRequirement({ codes: [LIMITED2] }, held)).toBe(false);
    expect(meetsRequirement(undefined, held)).toBe(true);
  });
});

const paths = (menu: RouteDef[]): string[] => menu.flatMap((node) => [node.path, ...(node.children ? paths(node.children) : [])]);
const menuFor = (accountType: AccountType, codes = defaultCodesFor(accountType)) => visibleMenu({ accountType, codes: new Set(codes) });

describe('visibleMenu per account type', () => {
  it('SYS sees platform-only entries', () => {
    const seen = paths(menuFor('SYS'));
    expect(seen).toEqual(expect.arrayContaining(['/supplier/taxsource', '/client', '/client/index', '/bankcard/index', '/merchant/feeConfig', '/cust/:queryType?']));
    expect(seen).not.toContain('/merchant/myFeeConfig');
    expect(seen).not.toContain('/invoice/invoiceInfo');
  });

  it('SPR sees its own entries but not platform ones', () => {
    const seen = paths(menuFor('SPR'));
    expect(seen).toEqual(expect.arrayContaining(['/task/category', '/invoice/invoiceItem', '/merchant/feeConfig', '/notice']));
    expect(seen).not.toContain('/client');
    expect(seen).not.toContain('/supplier/taxsource');
  });

  it('MER sees my/sub fee pages instead of the platform fee pages', () => {
    const seen = paths(menuFor('MER'));
    expect(seen).toEqual(expect.arrayContaining(['/merchant/myFeeConfig', '/merchant/subFeeStats', '/merchantInfo']));
    expect(seen).not.toContain('/merchant/feeConfig');
    expect(seen).not.toContain('/cust');
  });

  it('ENT loses the empty parents (bank cards, clients, other)', () => {
    const top = menuFor('ENT').map((node) => node.path);
    expect(top).not.toContain('/bankcard');
    expect(top).not.toContain('/client');
    expect(top).not.toContain('/other');
    expect(top).toEqual(expect.arrayContaining(['/ent', '/cust', '/invoice']));
    expect(paths(menuFor('ENT'))).toContain('/entInfo');
  });

  it('drops every parent without visible children and never lists hidden routes', () => {
    expect(menuFor('SYS', []).map((node) => node.path)).toEqual(['external:official-site']);
    expect(paths(menuFor('SYS'))).not.toContain('/task/userPackage2/:reviewStatus?/:pkgStatus?');
  });

  it('mayOpen follows the same rules for direct navigation', () => {
    const ent = { accountType: 'ENT' as const, codes: new Set(defaultCodesFor('ENT')) };
    expect(mayOpen('/client/index', ent)).toBe(false);
    expect(mayOpen('/ent/coopEnt', ent)).toBe(true);
    expect(mayOpen('/login', { accountType: null, codes: new Set() })).toBe(true);
    expect(mayOpen('/nowhere', ent)).toBe(false);
  });
});
