/**
 * @jest-environment jsdom
 */
/**
 * Issue 22 item 6: the kit's masked value cell. Numbers arrive masked for everyone; a holder of the
 * field's reveal code gets a 显示完整号码 button that asks common/reveal for that one value and shows it in
 * the same cell without fetching the list again; a holder's 导出 also offers 导出（含完整号码）.
 */
import '../support/text-encoder';
import { useDomHost } from '../support/dom-host';
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { EntityScreenView } from '../../src/kit/entity/entity-screen';
import { defineScreen, serverExport } from '../../src/kit/entity/define';
import { MaskedValue } from '../../src/kit/table/masked-value';
import { formFieldsOf } from '../../src/kit/entity/derive';
import { validateForm } from '../../src/kit/form/form-state';
import { admin } from '../../src/pure/entities/admin';
import { cust } from '../../src/pure/entities/cust';
import { REVEAL_PATH } from '../../src/pure/masking';
import { TALENT_MGR_CODE } from '../../src/pure/rules/talent';

const held = { codes: new Set<number>() };
const request = jest.fn();
jest.mock('../../src/api', () => ({ request: (...args: unknown[]) => request(...args), download: jest.fn() }));
jest.mock('../../src/ui', () => ({ showError: jest.fn(), showSuccess: jest.fn(), showWarning: jest.fn(), confirmDialog: jest.fn().mockResolvedValue(true) }));
jest.mock('../../src/app', () => ({ useSession: () => ({ accountType: 'SYS' }), usePermissions: () => held.codes }));

const dom = useDomHost();
const ROW = { id: 7, name: '张三', idNumber: '1101**********1015', phone: '138****8888', _actions: [] };
const revealButtons = () => [...dom.host.querySelectorAll('button[aria-label="显示完整号码"]')] as HTMLButtonElement[];

beforeEach(() => request.mockReset());

async function renderCell(codes: number[], row: Record<string, unknown> = ROW, field = 'idNumber') {
  held.codes = new Set(codes);
  await act(async () => dom.root.render(<MaskedValue entity={cust} row={row} field={field} />));
}

it('shows the mask alone to a caller without the reveal code', async () => {
  await renderCell([cust.codes.query]);
  expect(dom.host.textContent).toBe('1101**********1015');
  expect(revealButtons()).toHaveLength(0);
});

it('a holder of 20110 reveals one value in the cell through common/reveal', async () => {
  request.mockResolvedValue({ value: '110105194912311015' });
  await renderCell([cust.codes.query, TALENT_MGR_CODE]);
  expect(revealButtons()).toHaveLength(1);
  await act(async () => revealButtons()[0].click());
  expect(request).toHaveBeenCalledWith(REVEAL_PATH, { entity: 'cust', key: 7, field: 'idNumber' });
  expect(dom.host.textContent).toBe('110105194912311015');
  expect(revealButtons()).toHaveLength(0);
  // Another record in the same cell shows its own mask again.
  await renderCell([cust.codes.query, TALENT_MGR_CODE], { ...ROW, id: 8, idNumber: '4403**********1231' });
  expect(dom.host.textContent).toBe('4403**********1231');
  expect(revealButtons()).toHaveLength(1);
});

it('an administrator’s phone needs 1012 (管理子账号), not 20110; an empty value shows the empty mark', async () => {
  held.codes = new Set([TALENT_MGR_CODE]);
  await act(async () => dom.root.render(<MaskedValue entity={admin} row={{ userId: 3, phone: '139****5678' }} field="phone" />));
  expect(revealButtons()).toHaveLength(0);
  held.codes = new Set([1012]);
  await act(async () => dom.root.render(<MaskedValue entity={admin} row={{ userId: 4, phone: '139****5678' }} field="phone" />));
  expect(revealButtons()).toHaveLength(1);
  await act(async () => dom.root.render(<MaskedValue entity={admin} row={{ userId: 5, phone: null }} field="phone" />));
  expect(dom.host.textContent).toBe('—');
});

describe('in a list screen', () => {
  const talents = defineScreen(cust, { list: ['name', 'idNumber', 'phone'], search: ['name'], actions: [serverExport({ codes: [20130] })] });

  async function renderScreen(codes: number[]) {
    held.codes = new Set(codes);
    request.mockImplementation((path: string) => Promise.resolve(path === REVEAL_PATH ? { value: '13812348888' } : { records: [ROW], total: 1 }));
    await act(async () =>
      dom.root.render(
        <MemoryRouter>
          <EntityScreenView screen={talents} urlState={false} />
        </MemoryRouter>,
      ),
    );
  }

  it('the grid draws the masked cells; a reveal changes one cell and fetches nothing else', async () => {
    await renderScreen([cust.codes.query, TALENT_MGR_CODE, 20130]);
    expect(revealButtons()).toHaveLength(2);
    const lists = request.mock.calls.filter(([path]) => path === 'cust/query/list').length;
    await act(async () => revealButtons()[1].click());
    expect(request).toHaveBeenLastCalledWith(REVEAL_PATH, { entity: 'cust', key: 7, field: 'phone' });
    expect(dom.host.textContent).toContain('13812348888');
    expect(dom.host.textContent).toContain('1101**********1015');
    expect(request.mock.calls.filter(([path]) => path === 'cust/query/list')).toHaveLength(lists);
  });

  it('a holder’s 导出 has a menu with 导出（含完整号码）; without 20110 a single 导出', async () => {
    await renderScreen([cust.codes.query, TALENT_MGR_CODE, 20130]);
    expect(dom.host.querySelector('button[aria-label="更多导出方式"]')).not.toBeNull();
    // The menu names the two exports; the whole one asks its token with whole: true, the plain 导出 without.
    await act(async () => dom.host.querySelector<HTMLElement>('button[aria-label="更多导出方式"]')!.click());
    const modes = [...document.querySelectorAll<HTMLElement>('[data-testid="export-menu"] a')];
    expect(modes.map((m) => m.textContent)).toEqual(['导出', '导出（含完整号码）']);
    request.mockResolvedValue({ token: 't1' });
    await act(async () => modes[1].click());
    expect(request).toHaveBeenLastCalledWith('cust/query/genExportExcelToken', expect.objectContaining({ whole: true }));
    await act(async () => modes[0].click());
    expect(request.mock.calls[request.mock.calls.length - 1][1]).not.toHaveProperty('whole');
    await renderScreen([cust.codes.query, 20130]);
    expect(dom.host.querySelector('button[aria-label="更多导出方式"]')).toBeNull();
    expect(revealButtons()).toHaveLength(0);
  });
});

it('an edit form keeps a mask as it is (the server reads it as unchanged) and checks a number typed in', () => {
  const fields = formFieldsOf(cust).filter((f) => ['phone', 'bankCard', 'idNumber'].includes(f.name));
  expect(validateForm(fields, { phone: '138****8888', bankCard: '6216********3555', idNumber: '1101**********1015' })).toEqual({});
  expect(validateForm(fields, { phone: '1381234888', bankCard: '6216', idNumber: '110105194912311015' })).toEqual({ phone: '请输入有效的手机号码', bankCard: '银行卡只能为10-30位数字' });
});
