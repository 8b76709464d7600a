/**
 * @jest-environment jsdom
 */
/** textView() (kit v3, docs/kit.md): a row action showing a text made from the row, with its title and note, read-only. */
import '../support/text-encoder';
import { useDomHost } from '../support/dom-host';
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { EntityScreenView } from '../../src/kit/entity/entity-screen';
import { defineScreen } from '../../src/kit/entity/define';
import { textView } from '../../src/kit/entity/text-view';
import { defineEntity } from '../../src/pure';

const request = jest.fn();
jest.mock('../../src/api', () => ({ request: (...args: unknown[]) => request(...args), download: jest.fn() }));
jest.mock('../../src/ui', () => ({ showError: jest.fn(), showSuccess: jest.fn(), showWarning: jest.fn(), confirmDialog: jest.fn() }));
jest.mock('../../src/app', () => ({ useSession: () => ({ accountType: 'SYS' }), usePermissions: () => new Set([22010]) }));

const doc = defineEntity({
  name: 'kitTestDoc',
  table: 'kit_test_doc',
  key: 'id',
  labelField: 'name',
  title: '测试文本',
  paths: { query: 'kitTest/query', mgr: 'kitTest/mgr' },
  codes: { query: 22010, mgr: 22110 },
  fields: { id: { label: 'ID', type: 'int', list: false }, name: { label: '名称', type: 'text' }, content: { label: '正文', type: 'text', list: false } },
});

const screen = defineScreen(doc, {
  list: ['name'],
  actions: [
    textView({ key: 'preview', label: '预览', title: (row) => `预览：${String(row.name)}`, note: () => '示例数据', text: (row) => String(row.content).replace('{{姓名}}', '张三'), testId: 'preview-text' }),
  ],
});

const dom = useDomHost();

test('shows the text made from the row under its title and note, and closes; nothing is posted', async () => {
  request.mockResolvedValue({ records: [{ id: 1, name: '协议甲', content: '乙方：{{姓名}}\n第二行' }], total: 1 });
  await act(async () => dom.root.render(<MemoryRouter><EntityScreenView screen={screen} urlState={false} /></MemoryRouter>));
  request.mockReset();
  const open = [...document.querySelectorAll('tbody button')].find((b) => b.textContent === '预览')!;
  await act(async () => (open as HTMLButtonElement).click());
  const dialog = document.querySelector('.bp6-dialog')!;
  expect(dialog.textContent).toContain('预览：协议甲');
  expect(dialog.textContent).toContain('示例数据');
  expect(document.querySelector('[data-testid="preview-text"]')?.textContent).toBe('乙方：张三\n第二行');
  const close = [...dialog.querySelectorAll('button')].find((b) => b.textContent === '关闭')!;
  await act(async () => close.click());
  expect(document.querySelector('.bp6-dialog')).toBeNull();
  expect(request).not.toHaveBeenCalled();
});
