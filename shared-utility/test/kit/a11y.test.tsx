/**
 * @jest-environment jsdom
 */
import { act } from 'react';
import { useDomHost } from '../support/dom-host';
import { SearchForm } from '../../src/kit/table/search-form';
import { DataTable } from '../../src/kit/table/data-table';
import { Pagination } from '../../src/kit/table/pagination';
import { TabPanel, tabPanelProps } from '../../src/kit/table/tab-panel';
import { FieldInput } from '../../src/kit/form/field-input';
import { OverlayFrame } from '../../src/kit/dialogs/overlay-frame';
import type { Field } from '../../src/kit/screen';

jest.mock('../../src/app', () => ({
  useSession: () => ({ accountType: 'SYS' }),
  usePermissions: () => new Set<number>(),
}));

const dom = useDomHost();

/** The accessible name a screen reader reads for a form control: aria-label, else its <label for>, else a wrapping label. */
function accessibleName(el: HTMLElement): string {
  const aria = el.getAttribute('aria-label');
  if (aria) return aria;
  const labelledBy = el.getAttribute('aria-labelledby');
  if (labelledBy) return labelledBy.split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ').trim();
  if (el.id) {
    const label = document.querySelector(`label[for="${el.id}"]`);
    if (label?.textContent) return label.textContent.trim();
  }
  return el.closest('label')?.textContent?.trim() ?? '';
}

const FIELDS: Field[] = [
  { name: 'name', label: '姓名', type: 'text' },
  { name: 'status', label: '状态', type: 'select', options: [{ value: 0, label: '启用' }] },
  { name: 'createTime', label: '创建时间', type: 'dateRange' },
  { name: 'month', label: '账期', type: 'monthRange' },
  { name: 'amount', label: '金额', type: 'numberRange' },
  { name: 'money', label: '余额', type: 'money' },
  { name: 'day', label: '日期', type: 'date' },
];

test('every control of the filter bar has an accessible name from its field label (issue 27)', () => {
  act(() => dom.root.render(<SearchForm fields={FIELDS} values={{}} onChange={() => undefined} onSearch={() => undefined} onReset={() => undefined} />));
  const controls = [...dom.host.querySelectorAll<HTMLElement>('input, select, textarea')];
  expect(controls.length).toBeGreaterThanOrEqual(10);
  const names = controls.map(accessibleName);
  expect(names.filter((n) => n === '')).toEqual([]);
  expect(names).toEqual(expect.arrayContaining(['姓名', '状态', '创建时间开始', '创建时间结束', '账期开始', '账期结束', '金额最小值', '金额最大值', '余额', '日期']));
});

test('a control drawn without an id (a custom layout) is named by aria-label', () => {
  act(() =>
    dom.root.render(
      <>
        {FIELDS.map((f) => (
          <FieldInput key={f.name} field={f} value="" onChange={() => undefined} />
        ))}
      </>,
    ),
  );
  const unnamed = [...dom.host.querySelectorAll<HTMLElement>('input, select, textarea')].filter((el) => accessibleName(el) === '');
  expect(unnamed).toEqual([]);
});

test('the grid has real column headers, named check and expand columns, and no control inside another', () => {
  act(() =>
    dom.root.render(
      <DataTable
        rows={[{ id: 1, name: '甲', status: 0 }]}
        columns={[
          { key: 'name', title: '名称' },
          { key: 'status', title: '状态', sortable: true },
        ]}
        rowKey="id"
        selectable
        expandable={() => '明细'}
        rowActions={() => <button type="button">详情</button>}
      />,
    ),
  );
  const heads = [...dom.host.querySelectorAll('thead th')];
  expect(heads).toHaveLength(5);
  expect(heads.every((th) => th.getAttribute('scope') === 'col')).toBe(true);
  expect(heads[1].getAttribute('aria-label')).toBe('展开');
  expect(heads.map((th) => th.textContent?.trim())).toEqual(['', '', '名称', '状态', '操作']);
  // A sortable header is a button in the tab order, its th saying the order.
  expect(heads[3].querySelector('button')?.textContent?.trim()).toBe('状态');
  expect(heads[3].getAttribute('aria-sort')).toBe('none');
  expect(heads[2].getAttribute('aria-sort')).toBeNull();
  const interactive = 'a[href], button, input, select, textarea, [role="button"], [tabindex]';
  for (const el of dom.host.querySelectorAll(interactive)) expect(el.parentElement?.closest(interactive)).toBeNull();
  expect(dom.host.querySelector('tbody tr')?.getAttribute('onclick')).toBeNull();
});

test('the pager names its page-number input, page-size select and page buttons', () => {
  act(() => dom.root.render(<Pagination total={95} pageNum={2} pageSize={10} onChange={() => undefined} />));
  expect(dom.host.querySelector('nav')?.getAttribute('aria-label')).toBe('分页');
  const input = dom.host.querySelector<HTMLElement>('input')!;
  const select = dom.host.querySelector<HTMLElement>('select')!;
  expect(accessibleName(input)).toBe('前往页码');
  expect(accessibleName(select)).toBe('每页条数');
  const current = dom.host.querySelector('[aria-current="page"]');
  expect(current?.getAttribute('aria-label')).toBe('第 2 页');
  expect(current?.textContent).toContain('2');
});

test("the list under a screen's tabs is the selected tab's panel, where Blueprint's aria-controls points", () => {
  act(() =>
    dom.root.render(
      <TabPanel tabsId="kit-tabs-demo" tabId="">
        <p>列表</p>
      </TabPanel>,
    ),
  );
  const panel = dom.host.querySelector('[role="tabpanel"]')!;
  expect(panel.id).toBe('bp6-tab-panel_kit-tabs-demo_');
  expect(panel.getAttribute('aria-labelledby')).toBe('bp6-tab-title_kit-tabs-demo_');
  expect(tabPanelProps('fp-invoice-direction', 1).id).toBe('bp6-tab-panel_fp-invoice-direction_1');
  act(() =>
    dom.root.render(
      <TabPanel tabId="">
        <p>列表</p>
      </TabPanel>,
    ),
  );
  expect(dom.host.querySelector('[role="tabpanel"]')).toBeNull();
});

test('a dialog body that may scroll is a named region the keyboard reaches; Escape closes the dialog', async () => {
  const onClose = jest.fn();
  await act(async () =>
    dom.root.render(
      <OverlayFrame title="详情" onClose={onClose} dialogWidth={560} drawerSize={560} buttons={<button type="button">关闭</button>}>
        <p>内容</p>
      </OverlayFrame>,
    ),
  );
  const body = document.querySelector<HTMLElement>('.bp6-dialog-body')!;
  expect(body.tabIndex).toBe(0);
  expect(body.getAttribute('role')).toBe('region');
  expect(body.getAttribute('aria-label')).toBe('详情内容');
  await act(async () => {
    document.querySelector('.bp6-dialog')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
  });
  expect(onClose).toHaveBeenCalled();
});

test('closing a kit overlay (unmounted, not isOpen=false) puts focus back on the button that opened it', async () => {
  const opener = document.createElement('button');
  opener.textContent = '详情';
  document.body.appendChild(opener);
  opener.focus();
  await act(async () =>
    dom.root.render(
      <OverlayFrame title="详情" onClose={() => undefined} dialogWidth={560} drawerSize={560} buttons={<button type="button">关闭</button>}>
        <p>内容</p>
      </OverlayFrame>,
    ),
  );
  (document.querySelector('.bp6-dialog button') as HTMLElement).focus();
  await act(async () => dom.root.render(<></>));
  await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
  expect(document.activeElement).toBe(opener);
  opener.remove();
});
