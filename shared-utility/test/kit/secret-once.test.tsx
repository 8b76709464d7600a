/**
 * @jest-environment jsdom
 */
/**
 * secretOnce() (kit v3, docs/kit.md): a row action declared by its question, route and the answer's
 * secret fields — asked first, posted with the row's body, then each secret the answer holds shown once
 * with a copy button (an empty one left out), the list reloaded; 取消 posts nothing.
 */
import '../support/text-encoder';
import { useDomHost } from '../support/dom-host';
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { EntityScreenView } from '../../src/kit/entity/entity-screen';
import { defineScreen } from '../../src/kit/entity/define';
import { secretOnce } from '../../src/kit/entity/secret-once';
import { defineEntity } from '../../src/pure';

const request = jest.fn();
const showSuccess = jest.fn();
jest.mock('../../src/api', () => ({ request: (...args: unknown[]) => request(...args), download: jest.fn() }));
jest.mock('../../src/ui', () => ({ showError: jest.fn(), showSuccess: (...a: unknown[]) => showSuccess(...a), showWarning: jest.fn(), confirmDialog: jest.fn() }));
jest.mock('../../src/app', () => ({ useSession: () => ({ accountType: 'SYS' }), usePermissions: () => new Set([22010, 22110]) }));

const client = defineEntity({
  name: 'kitTestClient',
  table: 'kit_test_client',
  key: 'id',
  labelField: 'clientName',
  title: '测试客户端',
  paths: { query: 'kitTest/query', mgr: 'kitTest/mgr' },
  codes: { query: 22010, mgr: 22110 },
  fields: { id: { label: 'ID', type: 'int', list: false }, clientCode: { label: '编码', type: 'text' }, clientName: { label: '名称', type: 'text' } },
});

const screen = defineScreen(client, {
  list: ['clientCode', 'clientName'],
  actions: [
    secretOnce({
      key: 'reset',
      label: '重置密钥',
      needs: 'resetSecret',
      title: (row) => `重置密钥（${String(row.clientName)}）`,
      ask: '重置后旧密钥立即失效，确定要重置吗？',
      confirmText: '重置',
      path: 'kitTest/mgr/reset',
      body: (row) => ({ clientCode: row.clientCode }),
      success: '密钥已重置',
      secrets: [
        { field: 'md5Key', label: 'MD5密钥' },
        { field: 'aesKey', label: 'AES密钥' },
      ],
      note: '新密钥只显示这一次',
      closeText: '我已保存，关闭',
    }),
  ],
});

const dom = useDomHost();
const row = (actions: string[]) => ({ id: 3, clientCode: 'CLI00000003', clientName: '外部系统', _actions: actions });
const show = () => act(async () => dom.root.render(<MemoryRouter><EntityScreenView screen={screen} urlState={false} /></MemoryRouter>));
const click = async (text: string) => {
  const button = [...document.querySelectorAll('button')].find((b) => b.textContent === text);
  if (!button) throw new Error(`no button ${text}`);
  await act(async () => button.click());
};
const dialog = () => document.querySelector('.bp6-dialog');

beforeEach(() => {
  request.mockReset();
  showSuccess.mockReset();
});

test('offered where _actions lists its needs only', async () => {
  request.mockResolvedValue({ records: [row([])], total: 1 });
  await show();
  expect([...document.querySelectorAll('tbody button')].map((b) => b.textContent)).not.toContain('重置密钥');
});

test('asks first; 取消 posts nothing', async () => {
  request.mockResolvedValue({ records: [row(['resetSecret'])], total: 1 });
  await show();
  await click('重置密钥');
  expect(dialog()!.textContent).toContain('重置密钥（外部系统）');
  expect(dialog()!.textContent).toContain('重置后旧密钥立即失效，确定要重置吗？');
  request.mockReset();
  await click('取消');
  expect(request).not.toHaveBeenCalled();
});

test('posts the declared body, then shows each secret of the answer once with its copy button; an empty one is left out', async () => {
  request.mockResolvedValue({ records: [row(['resetSecret'])], total: 1 });
  await show();
  await click('重置密钥');
  request.mockReset().mockResolvedValueOnce({ clientCode: 'CLI00000003', md5Key: 'abcDEF0123456789abcDEF0123456789', aesKey: null }).mockResolvedValue({ records: [row(['resetSecret'])], total: 1 });
  await click('重置');
  expect(request).toHaveBeenCalledWith('kitTest/mgr/reset', { clientCode: 'CLI00000003' }, { showLoading: true });
  expect(showSuccess).toHaveBeenCalledWith('密钥已重置');
  // The list reloads behind the dialog.
  expect(request).toHaveBeenCalledWith('kitTest/query/list', expect.anything());
  expect(dialog()!.textContent).toContain('新密钥只显示这一次');
  expect(document.querySelector('[data-testid="new-MD5密钥"]')?.textContent).toBe('abcDEF0123456789abcDEF0123456789');
  expect(document.querySelector('[data-testid="new-AES密钥"]')).toBeNull();
  expect([...dialog()!.querySelectorAll('button')].filter((b) => b.textContent === '复制')).toHaveLength(1);
  await click('我已保存，关闭');
  expect(dialog()).toBeNull();
});
