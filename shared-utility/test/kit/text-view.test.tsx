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

const withTable = defineScreen(doc, {
  list: ['name'],
  actions: [
    textView({
      key: 'items',
      label: '明细',
      title: (row) => `明细：${String(row.name)}`,
      table: { items: (row) => (row.items as Array<Record<string, unknown>>) ?? [], columns: [{ title: '名称', value: (item) => String(item.n) }, { title: '金额', value: (item) => String(item.a), numeric: true }], empty: '无明细' },
      text: () => '合计两项',
      testId: 'items',
    }),
  ],
});

test('a declared table shows the items the row carries above the text, or its empty line', async () => {
  request.mockResolvedValue({ records: [{ id: 1, name: '甲', items: [{ n: '一', a: '1.00' }, { n: '二', a: '2.00' }] }, { id: 2, name: '乙', items: [] }], total: 2 });
  await act(async () => dom.root.render(<MemoryRouter><EntityScreenView screen={withTable} urlState={false} /></MemoryRouter>));
  const open = (index: number) => [...document.querySelectorAll('tbody button')].filter((b) => b.textContent === '明细')[index] as HTMLButtonElement;
  await act(async () => open(0).click());
  const table = document.querySelector('[data-testid="items-table"]')!;
  expect([...table.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['名称', '金额']);
  expect([...table.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent))).toEqual([['一', '1.00'], ['二', '2.00']]);
  expect(document.querySelector('[data-testid="items"]')?.textContent).toBe('合计两项');
  await act(async () => ([...document.querySelectorAll('.bp6-dialog button')].find((b) => b.textContent === '关闭') as HTMLButtonElement).click());
  await act(async () => open(1).click());
  expect(document.querySelector('[data-testid="items-table"]')).toBeNull();
  expect(document.querySelector('.bp6-dialog')?.textContent).toContain('无明细');
});
