/**
 * @jest-environment jsdom
 */
/**
 * Issue 22, items 1–5 at the kit: money reads like money, a status is a tag in its declared tone, the
 * 合计 shows what counts and what is apart, the 操作 column stays on the grid's right edge with each
 * action in the same place on every row, and columns take the card's width by kind.
 */
import '../support/text-encoder';
import { useDomHost } from '../support/dom-host';
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { EntityScreenView, inlineSlots } from '../../src/kit/entity/entity-screen';
import { defineScreen, detail, transitions } from '../../src/kit/entity/define';
import { formFieldsOf, listColumnOf, searchFieldsOf } from '../../src/kit/entity/derive';
import { FieldInput } from '../../src/kit/form/field-input';
import { entTaxProof } from '../../src/pure/entities/money';
import { entFeeStats } from '../../src/pure/entities/fee';
import { sheetRows } from '../../src/kit/excel/xlsx';
import { formatMoney, plainMoney } from '../../src/kit/format';
import { columnLayout, DataTable } from '../../src/kit/table/data-table';
import { ENUMS, ENTITIES_WITH_TOTALS } from '../support/finance-entities';
import { balanceApply } from '../../src/pure/entities/money';
import type { Column, Row } from '../../src/kit/screen';

const request = jest.fn();
jest.mock('../../src/api', () => ({ request: (...args: unknown[]) => request(...args), download: jest.fn() }));
jest.mock('../../src/ui', () => ({ showError: jest.fn(), showSuccess: jest.fn(), showWarning: jest.fn(), confirmDialog: jest.fn().mockResolvedValue(true) }));
jest.mock('../../src/app', () => ({ useSession: () => ({ accountType: 'SPR' }), usePermissions: () => new Set([18610, 18620, 18630, 18640]) }));

const dom = useDomHost();

describe('money', () => {
  test('thousands separators and two places; ¥ for summary and detail figures; the minus kept', () => {
    expect(formatMoney('15000000.00')).toBe('15,000,000.00');
    expect(formatMoney('1234.5')).toBe('1,234.50');
    expect(formatMoney('999')).toBe('999.00');
    expect(formatMoney('0')).toBe('0.00');
    expect(formatMoney('-1234567.8')).toBe('-1,234,567.80');
    expect(formatMoney('15000000.00', { yuan: true })).toBe('¥15,000,000.00');
    expect(formatMoney('-0.5', { yuan: true })).toBe('-¥0.50');
    expect(formatMoney('abc')).toBe('abc');
    expect(formatMoney(null)).toBe('');
  });

  test('files keep the plain decimal', () => {
    expect(plainMoney('15000000')).toBe('15000000.00');
    const columns: Column[] = [{ key: 'amount', title: '金额', money: true }];
    expect(sheetRows([{ amount: '15000000.00' }], columns)[1]).toEqual(['15000000.00']);
  });

  test('a grid shows money right-aligned in tabular digits, a negative amount red with its minus', () => {
    const columns: Column[] = [{ key: 'amount', title: '金额', money: true }];
    act(() => dom.root.render(<DataTable rows={[{ id: 1, amount: '15000000.00' }, { id: 2, amount: '-20.00' }]} columns={columns} rowKey="id" />));
    const cells = [...dom.host.querySelectorAll('tbody td')];
    expect(cells.map((c) => c.textContent)).toEqual(['15,000,000.00', '-20.00']);
    expect(cells.every((c) => c.classList.contains('fp-grid-num'))).toBe(true);
    expect(cells[1].querySelector('.fp-money--negative')).not.toBeNull();
    expect(cells[0].querySelector('.fp-money--negative')).toBeNull();
    expect(document.head.textContent).toMatch(/\.fp-money\{font-variant-numeric:tabular-nums/);
    expect(document.head.textContent).toMatch(/\.fp-grid-num\{text-align:right/);
  });
});

describe('status tones', () => {
  test('every status an honest total splits declares a tone for each of its values', () => {
    for (const { entity } of ENTITIES_WITH_TOTALS) {
      const field = entity.fields[entity.totals!.by];
      for (const o of ENUMS[field.enum!]) expect({ entity: entity.name, value: o.value, tone: o.tone ?? null }).toEqual({ entity: entity.name, value: o.value, tone: expect.any(String) });
    }
  });

  test('a failed status is a danger tag and a success one a success tag — not the same grey text', () => {
    const columns: Column[] = [listColumnOf(balanceApply, 'status')];
    act(() => dom.root.render(<DataTable rows={[{ id: 1, status: 51 }, { id: 2, status: 50 }, { id: 3, status: 0 }]} columns={columns} rowKey="id" />));
    const tags = [...dom.host.querySelectorAll('tbody .fp-tag')];
    expect(tags.map((t) => [t.textContent, t.className])).toEqual([
      ['失败', 'fp-tag fp-tag--danger'],
      ['成功', 'fp-tag fp-tag--success'],
      ['已提交待审核', 'fp-tag fp-tag--warning'],
    ]);
    // The tones' text shades (issue 27: the theme's #f56c6c / #67c23a read 2–2.6:1 on their tints).
    expect(document.head.textContent).toContain('.fp-tag--danger{color:#b3261e');
    expect(document.head.textContent).toContain('.fp-tag--success{color:#2f7012');
  });
});

describe('honest totals', () => {
  test('each status value belongs to exactly one part of its entity', () => {
    for (const { entity } of ENTITIES_WITH_TOTALS) {
      const values = ENUMS[entity.fields[entity.totals!.by].enum!].map((o) => String(o.value)).sort();
      const parted = entity.totals!.parts.flatMap((p) => p.values.map(String)).sort();
      expect({ entity: entity.name, parted }).toEqual({ entity: entity.name, parted: values });
    }
  });

  test('the 合计 bar shows the counted figure and, apart, the money that does not count', async () => {
    request.mockResolvedValue({
      records: [{ id: 1, applyNo: 'RA1', status: 51, amount: '15000000.00', _actions: [] }],
      total: 3,
      summary: {
        amount: '1050000.00',
        parts: [
          { label: '成功', excluded: false, tone: 'success', count: 1, amount: '1000000.00' },
          { label: '处理中', excluded: false, tone: 'primary', count: 1, amount: '50000.00' },
          { label: '失败/取消', excluded: true, tone: 'danger', count: 1, amount: '15000000.00' },
        ],
      },
    });
    await show(defineScreen(balanceApply, { list: ['applyNo', 'amount', 'status'], summary: ['amount'], actions: [detail()] }));
    expect(dom.host.querySelector('[data-testid="kit-summary"]')?.textContent).toBe('合计充值金额：¥1,050,000.00（成功 ¥1,000,000.00 · 处理中 ¥50,000.00 · 失败/取消 ¥15,000,000.00 不计入）');
  });

  test('a part that does not count is left out when no row is in it', async () => {
    request.mockResolvedValue({
      records: [],
      total: 1,
      summary: { amount: '5.00', parts: [{ label: '成功', excluded: false, tone: 'success', count: 1, amount: '5.00' }, { label: '失败/取消', excluded: true, tone: 'danger', count: 0, amount: '0.00' }] },
    });
    await show(defineScreen(balanceApply, { list: ['applyNo', 'amount'], summary: ['amount'], actions: [] }));
    expect(dom.host.querySelector('[data-testid="kit-summary"]')?.textContent).toBe('合计充值金额：¥5.00（成功 ¥5.00）');
  });
});

async function show(screen: ReturnType<typeof defineScreen>) {
  await act(async () =>
    dom.root.render(
      <MemoryRouter>
        <EntityScreenView screen={screen} urlState={false} />
      </MemoryRouter>,
    ),
  );
}

describe('queue tabs (item 12)', () => {
  test('ask for counts per status and show them beside each tab title (待审核 3)', async () => {
    request.mockResolvedValue({ records: [], total: 5, tabCounts: { '0': 3, '50': 2 } });
    await show(defineScreen(balanceApply, { list: ['applyNo', 'status'], tabs: { by: 'status', values: [0, 50, 51] }, actions: [] }));
    expect(request.mock.calls.at(-1)[1]).toMatchObject({ countBy: 'status' });
    const tabs = [...dom.host.querySelectorAll('[role="tab"]')].map((t) => t.textContent);
    expect(tabs).toEqual(['全部', '已提交待审核3', '成功2', '失败']);
    expect(dom.host.querySelector('[role="tab"] .fp-tab-count')?.textContent).toBe('3');
    // In the status's tone: 已提交待审核 warning, 成功 success.
    expect([...dom.host.querySelectorAll('.fp-tab-count')].map((c) => c.className)).toEqual(['fp-tab-count fp-tab-count--warning', 'fp-tab-count fp-tab-count--success']);
  });
});

describe('one filter bar (item 12)', () => {
  test('a condition set in 更多筛选 shows as a removable chip under the bar; removing it lists again without it', async () => {
    request.mockResolvedValue({ records: [], total: 0 });
    const screen = defineScreen(balanceApply, { list: ['applyNo', 'amount'], search: ['applyNo'], filterDialog: ['amount', 'status'], actions: [] });
    await act(async () =>
      dom.root.render(
        <MemoryRouter initialEntries={['/ent/addBal?amount=1000~15000000&status=51']}>
          <EntityScreenView screen={screen} />
        </MemoryRouter>,
      ),
    );
    const chips = () => [...dom.host.querySelectorAll('[data-testid="filter-chip"]')];
    expect(chips().map((c) => c.textContent)).toEqual(['充值金额(元)：1,000.00 ~ 15,000,000.00', '状态：失败']);
    expect(request.mock.calls.at(-1)[1].cond).toMatchObject({ amount: ['1000', '15000000'], status: 51 });
    await act(async () => chips()[1].querySelector<HTMLElement>('.bp6-tag-remove')!.click());
    expect(chips().map((c) => c.textContent)).toEqual(['充值金额(元)：1,000.00 ~ 15,000,000.00']);
    expect(request.mock.calls.at(-1)[1].cond).not.toHaveProperty('status');
  });
});

describe('months are picked with a month picker (item 12)', () => {
  test('完税记录 asks its month with a month input, in the form and the search bar; a month range with two', () => {
    expect(formFieldsOf(entTaxProof).find((f) => f.name === 'month')?.type).toBe('month');
    expect(searchFieldsOf(entTaxProof, ['month'])[0].type).toBe('month');
    expect(searchFieldsOf(entFeeStats, ['month'])[0].type).toBe('monthRange');
    expect(columnLayout(listColumnOf(entTaxProof, 'month'))).toBe('fit');
    const month = formFieldsOf(entTaxProof).find((f) => f.name === 'month')!;
    act(() => dom.root.render(<FieldInput field={month} id="m" value="2026-05" onChange={() => undefined} />));
    expect(dom.host.querySelector<HTMLInputElement>('input#m')?.type).toBe('month');
    expect(dom.host.querySelector<HTMLInputElement>('input#m')?.value).toBe('2026-05');
  });
});

describe('the 操作 column', () => {
  test('is the last column, fixed to the right edge of a grid that scrolls sideways', async () => {
    request.mockResolvedValue({ records: [{ id: 1, applyNo: 'RA1', status: 0, amount: '1.00', _actions: ['approve', 'reject'] }], total: 1 });
    await show(defineScreen(balanceApply, { list: ['applyNo', 'entId', 'amount', 'status', 'createdAt'], actions: [detail(), transitions()] }));
    const headers = [...dom.host.querySelectorAll('thead th')];
    expect(headers.at(-1)?.textContent).toBe('操作');
    expect(headers.at(-1)?.className).toContain('fp-grid-actions');
    expect(dom.host.querySelector('tbody tr td:last-child')?.className).toContain('fp-grid-actions');
    const css = document.head.textContent ?? '';
    expect(css).toMatch(/\.fp-grid-actions\{position:sticky;right:0/);
    expect(css).toMatch(/\.fp-grid\{overflow:auto/);
  });

  test('up to three places inline, the rest under 更多, each in the same place on every row', () => {
    const b = (key: string) => ({ key, label: key });
    expect(inlineSlots([[b('detail'), b('review')], [b('detail')]]).map((s) => s.key)).toEqual(['detail', 'review']);
    expect(inlineSlots([[b('detail'), b('review'), b('fail')]]).map((s) => s.key)).toEqual(['detail', 'review', 'fail']);
    const declared = ['view', 'edit', 'disable', 'enable', 'delete'];
    expect(inlineSlots([[b('view'), b('enable'), b('delete')], [b('view'), b('edit'), b('disable')]], declared).map((s) => s.key)).toEqual(['view', 'edit', 'disable']);
    // A later row's action keeps its declared place among the others.
    expect(inlineSlots([[b('detail'), b('credit')], [b('detail'), b('process'), b('credit')]], ['detail', 'process', 'credit']).map((s) => s.key)).toEqual(['detail', 'process', 'credit']);
  });

  test('transitions no row offers together share one place (禁用 / 启用), so 禁用 stays inline', () => {
    const b = (key: string) => ({ key, label: key === 'disable' ? '禁用' : key === 'enable' ? '启用' : key });
    const pages = [
      [b('edit'), b('disable'), b('resetPassword'), b('perm')],
      [b('edit'), b('enable'), b('resetPassword'), b('perm')],
    ];
    const slots = inlineSlots(pages, ['edit', 'enable', 'disable', 'resetPassword', 'perm'], new Set(['enable', 'disable']));
    expect(slots.map((s) => s.keys)).toEqual([['edit'], ['enable', 'disable'], ['resetPassword']]);
    // Actions that are not transitions never share a place, even when no row has both.
    expect(inlineSlots([[b('view')], [b('detail')]], [], new Set()).map((s) => s.keys)).toEqual([['view'], ['detail']]);
  });

  test('a row without an inline action keeps its place empty, so the next one lines up', async () => {
    request.mockResolvedValue({
      records: [
        { id: 1, applyNo: 'RA1', status: 0, amount: '1.00', _actions: ['approve'] },
        { id: 2, applyNo: 'RA2', status: 50, amount: '1.00', _actions: [] },
      ],
      total: 2,
    });
    await show(defineScreen(balanceApply, { list: ['applyNo', 'status'], actions: [detail(), transitions()] }));
    const rows = [...dom.host.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('.fp-row-slot')].map((s) => s.textContent));
    expect(rows).toEqual([
      ['详情', '审核通过'],
      ['详情', ''],
    ]);
  });
});

describe('tables fill their card', () => {
  test('codes, money, dates, tags and counts are sized to content; names share the rest', () => {
    const layout = (name: string) => columnLayout(listColumnOf(balanceApply, name));
    expect(['applyNo', 'amount', 'status', 'createdAt'].map(layout)).toEqual(['fit', 'fit', 'fit', 'fit']);
    expect(['entId', 'reason'].map(layout)).toEqual(['share', 'share']);
  });

  test('the grid is as wide as its card; shared text is cut with an ellipsis inside its cell; empty cells show —', () => {
    const columns: Column[] = [listColumnOf(balanceApply, 'applyNo'), listColumnOf(balanceApply, 'reason')];
    act(() => dom.root.render(<DataTable rows={[{ id: 1, applyNo: 'RA1', reason: '很长的说明'.repeat(20) }, { id: 2, applyNo: 'RA2', reason: null }]} columns={columns} rowKey="id" />));
    const css = document.head.textContent ?? '';
    expect(css).toMatch(/\.fp-grid-table\{width:100%/);
    expect(css).toMatch(/\.fp-grid-clip\{[^}]*text-overflow:ellipsis/);
    expect(css).toMatch(/\.fp-grid-fit\{width:1%;white-space:nowrap\}/);
    expect(css).toMatch(/vertical-align:middle/);
    const cells = [...dom.host.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')]);
    expect(cells[0][1].querySelector('.fp-grid-clip')?.textContent).toBe('很长的说明'.repeat(20));
    expect(cells[1][1].textContent).toBe('—');
    expect(cells[0][0].className).toContain('fp-grid-fit');
  });

  test('a fee ladder is never cut: one line per range', () => {
    const columns: Column[] = [{ key: 'ladder', title: '阶梯', ladder: true }];
    act(() => dom.root.render(<DataTable rows={[{ id: 1, ladder: [{ fence: '0', ratio: '6.5' }, { fence: '10000', ratio: '6' }] }]} columns={columns} rowKey="id" />));
    expect([...dom.host.querySelectorAll('tbody td div')].map((d) => d.textContent)).toEqual(['0 ~ 10,000 元：6.5%', '10,000 元以上：6%']);
    expect(dom.host.querySelector('.fp-grid-clip')).toBeNull();
  });
});

export type { Row };
