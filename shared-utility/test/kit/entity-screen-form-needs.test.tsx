/**
 * @jest-environment jsdom
 */
/**
 * form({ needs }) (kit v3, docs/kit.md): a form's 编辑 follows the row action the server names in `_actions`
 * instead of `update` — 制单明细's rows list `updateDetail` — and posts the edited row to the declared route.
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
const rows = defineScreen(tempOrderDetail, {
  list: ['rowNo', 'name'],
  actions: [form({ view: false, needs: 'updateDetail', routes: { create: 'addDetail', update: 'updateDetail' }, titles: { add: '新增明细', edit: '编辑明细' } })],
});
const line = { id: 4, rowNo: 1, name: '张三', idType: 111, idNumber: '110101199001011234', account: '6222020200001234567', amount: '0.001', errorType: 10 };

async function show(actions: string[]): Promise<string[]> {
  request.mockReset().mockResolvedValue({ records: [{ ...line, _actions: actions }], total: 1 });
  await act(async () => dom.root.render(<MemoryRouter><EntityScreenView screen={rows} urlState={false} link={{ tempOrderId: 7 }} /></MemoryRouter>));
  return [...dom.host.querySelectorAll('tbody button')].map((b) => b.textContent ?? '');
}
const click = async (text: string, root: ParentNode = document) => {
  const button = [...root.querySelectorAll('button')].find((b) => b.textContent === text);
  if (!button) throw new Error(`no button ${text}`);
  await act(async () => button.click());
};

test('编辑 is offered where the row lists the action the form names', async () => {
  expect(await show(['updateDetail', 'deleteDetail'])).toContain('编辑');
});

test('not where the row lists update only', async () => {
  expect(await show(['update'])).not.toContain('编辑');
});

test('not where the row lists no action', async () => {
  expect(await show([])).not.toContain('编辑');
});

test('编辑 posts the edited row with its id to the declared route', async () => {
  await show(['updateDetail']);
  request.mockReset().mockResolvedValueOnce(line).mockResolvedValue({});
  await click('编辑', dom.host.querySelector('tbody')!);
  expect(document.querySelector('.bp6-dialog')?.textContent).toContain('编辑明细');
  const amount = document.querySelector('#kit-field-amount') as HTMLInputElement;
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(amount, '45.20');
  await act(async () => void amount.dispatchEvent(new Event('input', { bubbles: true })));
  await click('提交', document.querySelector('.bp6-dialog')!);
  await act(async () => new Promise((r) => setTimeout(r, 0)));
  expect(request).toHaveBeenCalledWith('order/mgr/temp/updateDetail', expect.objectContaining({ id: 4, name: '张三', amount: '45.20' }), { showLoading: true });
});
