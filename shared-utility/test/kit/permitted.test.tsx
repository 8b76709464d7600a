/**
 * @jest-environment jsdom
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { isPermitted, Permitted } from '../../src/kit/permitted';
import { filterDialogWidth } from '../../src/kit/dialogs/filter-dialog';

const QUERY = 1011; // ACT_SYS_USER_SUBUSER_QUERY, limited
const MGR = 1012; // ACT_SYS_USER_SUBUSER_MGR, limited

const viewer = { accountType: 'SYS' as 'SYS' | 'SPR' | 'MER' | 'ENT' | null, codes: new Set<number>([QUERY]) };

jest.mock('../../src/app', () => ({
  useSession: () => (viewer.accountType ? { accountType: viewer.accountType } : null),
  usePermissions: () => viewer.codes,
}));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('isPermitted', () => {
  const held = new Set([QUERY]);
  test.each([
    ['include', [QUERY, MGR], true],
    ['include', [MGR], false],
    ['includeAll', [QUERY, MGR], false],
    ['includeAll', [QUERY], true],
    ['exclude', [MGR], true],
    ['exclude', [QUERY, MGR], false],
    ['excludeAll', [QUERY, MGR], true],
    ['excludeAll', [QUERY], false],
  ] as const)('%s of %j → %s', (mode, codes, expected) => {
    expect(isPermitted({ codes: [...codes], mode }, 'SYS', held)).toBe(expected);
  });

  test('include is the default mode and no rule admits everyone', () => {
    expect(isPermitted({ codes: [QUERY] }, 'SYS', held)).toBe(true);
    expect(isPermitted(undefined, null, new Set())).toBe(true);
  });

  test('onlyFor hides unless the admin type is listed; notFor hides when it is', () => {
    expect(isPermitted({ onlyFor: ['SYS', 'SPR'] }, 'SPR', held)).toBe(true);
    expect(isPermitted({ onlyFor: ['SYS'] }, 'ENT', held)).toBe(false);
    expect(isPermitted({ onlyFor: ['SYS'] }, null, held)).toBe(false);
    expect(isPermitted({ notFor: ['ENT'] }, 'ENT', held)).toBe(false);
    expect(isPermitted({ notFor: ['ENT'] }, 'MER', held)).toBe(true);
  });

  test('the account-type gate applies before the codes', () => {
    expect(isPermitted({ onlyFor: ['MER'], codes: [QUERY] }, 'SYS', held)).toBe(false);
    expect(isPermitted({ notFor: ['MER'], codes: [MGR] }, 'SYS', held)).toBe(false);
  });
});

describe('<Permitted>', () => {
  let host: HTMLDivElement;
  let root: Root;
  beforeEach(() => {
    host = document.createElement('div');
    document.body.appendChild(host);
    root = createRoot(host);
    viewer.accountType = 'SYS';
    viewer.codes = new Set([QUERY]);
  });
  afterEach(() => {
    act(() => root.unmount());
    host.remove();
  });

  const render = (element: React.ReactElement) => {
    act(() => root.render(element));
    return host.textContent;
  };

  test('shows or hides any element by the four modes', () => {
    expect(render(<Permitted codes={[QUERY]}><button>查询</button></Permitted>)).toBe('查询');
    expect(render(<Permitted codes={[MGR]}><button>管理</button></Permitted>)).toBe('');
    expect(render(<Permitted codes={[QUERY, MGR]} mode="includeAll"><span>全部</span></Permitted>)).toBe('');
    expect(render(<Permitted codes={[MGR]} mode="exclude"><span>无管理</span></Permitted>)).toBe('无管理');
    expect(render(<Permitted codes={[QUERY, MGR]} mode="excludeAll"><span>不全</span></Permitted>)).toBe('不全');
  });

  test('onlyFor / notFor follow the signed-in account type, with a fallback', () => {
    expect(render(<Permitted onlyFor={['SYS']}>平台</Permitted>)).toBe('平台');
    viewer.accountType = 'ENT';
    expect(render(<Permitted onlyFor={['SYS']} fallback="无权查看">平台</Permitted>)).toBe('无权查看');
    expect(render(<Permitted notFor={['ENT']}>非企业</Permitted>)).toBe('');
  });
});

test('filter dialog is 450 px, 718 px past three conditions', () => {
  expect(filterDialogWidth(3)).toBe(450);
  expect(filterDialogWidth(4)).toBe(718);
});
