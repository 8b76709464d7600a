/**
 * @jest-environment jsdom
 */
import '../support/text-encoder';
import { useDomHost } from '../support/dom-host';
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { EntityScreenView } from '../../src/kit/entity/entity-screen';
import { defineScreen, form } from '../../src/kit/entity/define';
import { tempOrderDetail } from '../../src/pure/entities/order';

const request = jest.fn();
jest.mock('../../src/api', () => ({ request: (...args: unknown[]) => request(...args), download: jest.fn() }));
jest.mock('../../src/ui', () => ({ showError: jest.fn(), showSuccess: jest.fn(), showWarning: jest.fn(), confirmDialog: jest.fn().mockResolvedValue(true) }));
jest.mock('../../src/app', () => ({
  useSession: () => ({ accountType: 'ENT' }),
  usePermissions: () => new Set(Object.values(jest.requireActual('../../src/pure/entities/order').tempOrderDetail.codes).flat()),
}));


const dom = useDomHost();

const rows = defineScreen(tempOrderDetail, { list: ['rowNo', 'name'], actions: [form({ view: false, routes: { create: 'addDetail', update: 'updateDetail' } })] });

async function show(addable?: boolean): Promise<string[]> {
  await act(async () =>
    dom.root.render(
      <MemoryRouter>
        <EntityScreenView screen={rows} urlState={false} link={{ tempOrderId: 7 }} addable={addable} />
      </MemoryRouter>,
    ),
  );
  return [...dom.host.querySelectorAll('button')].map((b) => b.textContent ?? '');
}

beforeEach(() => {
  request.mockResolvedValue({ records: [{ id: 1, rowNo: 1, name: '张三' }], total: 1 });
});

describe('a sub-table whose parent takes no new children', () => {
  it('offers 新增 while its parent is editable', async () => {
    expect(await show()).toContain('新增');
  });

  it('hides 新增 once the parent no longer takes children (a submitted temp order)', async () => {
    const buttons = await show(false);
    expect(buttons).not.toContain('新增');
    expect(buttons).toContain('编辑');
  });

  it('shows no empty 操作 column when the server allows no row action (the lines of a submitted order)', async () => {
    request.mockResolvedValue({ records: [{ id: 1, rowNo: 1, name: '张三', _actions: [] }], total: 1 });
    const buttons = await show(false);
    expect(buttons).not.toContain('编辑');
    expect(dom.host.textContent).toContain('张三');
    expect(dom.host.textContent).not.toContain('操作');
  });
});
