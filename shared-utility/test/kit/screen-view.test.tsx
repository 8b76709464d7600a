/**
 * @jest-environment jsdom
 */
import { act } from 'react';
import { useDomHost } from '../support/dom-host';
import { ScreenView } from '../../src/kit/screen-view';
import { defineScreen } from '../../src/kit/screen';

const requestList = jest.fn();
const request = jest.fn();
jest.mock('../../src/api', () => ({
  requestList: (...args: unknown[]) => requestList(...args),
  request: (...args: unknown[]) => request(...args),
  downloadTemplate: jest.fn(),
}));
jest.mock('../../src/ui', () => ({
  showError: jest.fn(),
  showSuccess: jest.fn(),
  showWarning: jest.fn(),
  confirmDialog: jest.fn().mockResolvedValue(true),
}));
jest.mock('../../src/app', () => ({
  useSession: () => ({ accountType: 'SYS' }),
  usePermissions: () => new Set([1011]),
}));


const screen = defineScreen({
  title: '管理员',
  list: {
    path: 'user/subuser/list',
    rowKey: 'userId',
    columns: [
      { key: 'username', title: '用户名' },
      { key: 'status', title: '状态', enum: 'status' },
    ],
    searchFields: [{ name: 'username', label: '用户名', type: 'text' }],
  },
  form: {
    fields: [{ name: 'name', label: '姓名', type: 'text', rule: 'name' }],
    createPath: 'user/subuser/create',
    updatePath: 'user/subuser/update',
    titles: { add: '新增管理员', edit: '编辑管理员' },
  },
  actions: [
    { key: 'add', label: '新增', scope: 'toolbar', codes: [1011], run: (ctx) => ctx.openForm('add') },
    { key: 'delete', label: '删除', scope: 'toolbar', codes: [1012], run: jest.fn() },
    { key: 'view', label: '查看', scope: 'row', run: (ctx) => ctx.openForm('view', ctx.row) },
  ],
});

const dom = useDomHost();
beforeEach(() => {
  requestList.mockResolvedValue({ records: [{ userId: 1, username: 'alice01', status: 1, name: '张三' }], total: 1 });
});
const flush = () => act(async () => {
  await new Promise((r) => setTimeout(r, 0));
});
const buttons = () => Array.from(document.querySelectorAll('button')).map((b) => b.textContent);

test('lists with the first page, shows permitted toolbar actions only', async () => {
  act(() => dom.root.render(<ScreenView screen={screen} />));
  await flush();
  expect(requestList).toHaveBeenCalledWith('user/subuser/list', { cond: {}, page: { pageNum: 1, limit: 10 } });
  expect(buttons()).toContain('新增');
  expect(buttons()).not.toContain('删除');
  expect(dom.host.textContent).toContain('共 1 条');
});

test('search drops empty fields and resets to page 1', async () => {
  act(() => dom.root.render(<ScreenView screen={screen} />));
  await flush();
  const input = dom.host.querySelector<HTMLInputElement>('#kit-search-username')!;
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  act(() => {
    setter.call(input, 'bob');
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  act(() => dom.host.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true })));
  await flush();
  expect(requestList).toHaveBeenLastCalledWith('user/subuser/list', { cond: { username: 'bob' }, page: { pageNum: 1, limit: 10 } });
});

test('the add form opens in a dialog with 提交', async () => {
  act(() => dom.root.render(<ScreenView screen={screen} />));
  await flush();
  const add = Array.from(document.querySelectorAll('button')).find((b) => b.textContent === '新增')!;
  await act(async () => add.click());
  await flush();
  expect(document.body.textContent).toContain('新增管理员');
  expect(buttons()).toContain('提交');
});
