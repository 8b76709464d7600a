/**
 * @jest-environment jsdom
 */
import '../support/text-encoder';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { Subject } from 'rxjs';
import { EntityScreenView } from '../../src/kit/entity/entity-screen';
import { defineScreen, serverExport } from '../../src/kit/entity/define';
import { payOrder } from '../../src/pure/entities/order';
import type { Row } from '../../src/kit/screen';

const request = jest.fn();
const download = jest.fn();
jest.mock('../../src/api', () => ({
  request: (...args: unknown[]) => request(...args),
  download: (...args: unknown[]) => download(...args),
}));
jest.mock('../../src/ui', () => ({ showError: jest.fn(), showSuccess: jest.fn(), showWarning: jest.fn(), confirmDialog: jest.fn().mockResolvedValue(true) }));
jest.mock('../../src/app', () => ({ useSession: () => ({ accountType: 'ENT' }), usePermissions: () => new Set([24010, 24020]) }));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let host: HTMLDivElement;
let root: Root;
let changes: Subject<Row>;
const shown: Row[] = [];

const screen = () =>
  defineScreen(payOrder, {
    list: ['orderNo', 'status'],
    summary: ['amount'],
    summaryCount: '订单数',
    columns: {
      status: {
        render: (row: Row) => {
          shown.push(row);
          return String(row.status);
        },
      },
    },
    live: (records) => (records.length ? changes : null),
    actions: [serverExport(), serverExport({ key: 'export20', label: '导出完工证明', body: { exportMode: 20 }, onlyFor: ['ENT'] }), serverExport({ key: 'export30', label: '导出税务申报', body: { exportMode: 30 }, onlyFor: ['SPR'] })],
  });

beforeEach(async () => {
  shown.length = 0;
  changes = new Subject<Row>();
  request.mockImplementation(async (path: string) =>
    path.endsWith('/list') ? { records: [{ orderNo: 'PO1', status: 52, amount: '10.00' }, { orderNo: 'PO2', status: 62, amount: '5.00' }], total: 2, summary: { amount: '15.00' } } : { token: 't1' },
  );
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  await act(async () =>
    root.render(
      <MemoryRouter>
        <EntityScreenView screen={screen()} urlState={false} />
      </MemoryRouter>,
    ),
  );
});

afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

const listCalls = () => request.mock.calls.filter(([path]) => String(path).endsWith('/list')).length;
const button = (text: string) => [...host.querySelectorAll('button')].find((b) => b.textContent === text);

describe('EntityScreenView live rows, count summary and several exports', () => {
  it('merges live changes into the row with their key without asking the list again', async () => {
    expect(listCalls()).toBe(1);
    expect(changes.observed).toBe(true);
    await act(async () => changes.next({ orderNo: 'PO1', status: 162, successAmount: '6.00' }));
    const latest = shown.filter((r) => r.orderNo === 'PO1').pop();
    expect(latest).toMatchObject({ orderNo: 'PO1', status: 162, successAmount: '6.00', amount: '10.00' });
    expect(shown.filter((r) => r.orderNo === 'PO2').pop()).toMatchObject({ status: 62 });
    expect(listCalls()).toBe(1);
  });

  it('unsubscribes when the screen goes away', () => {
    act(() => root.unmount());
    expect(changes.observed).toBe(false);
    root = createRoot(host);
  });

  it('shows the count of the filtered result before the money totals', () => {
    expect(host.querySelector('[data-testid="kit-summary"]')?.textContent).toBe('合计订单数：2代发金额：¥15.00');
  });

  it('offers each permitted export with its own token body, under one 导出 with a menu of the modes', async () => {
    await act(async () => host.querySelector<HTMLElement>('[aria-label="更多导出方式"]')!.click());
    const modes = [...document.querySelectorAll('[data-testid="export-menu"] a')];
    expect(modes.map((m) => m.textContent)).toEqual(['导出', '导出完工证明']);
    expect(button('导出完工证明')).toBeUndefined();
    // Exports are secondary: the screen's main action is the only coloured button.
    expect(button('导出')!.className).not.toMatch(/intent/);
    await act(async () => (modes[1] as HTMLElement).click());
    expect(request).toHaveBeenCalledWith('order/query/genExportExcelToken', expect.objectContaining({ exportMode: 20 }));
    expect(download).toHaveBeenCalledWith('order/query/export', { token: 't1' }, expect.anything());
    await act(async () => button('导出')!.click());
    expect(request.mock.calls.filter(([p]) => p === 'order/query/genExportExcelToken').pop()![1]).not.toHaveProperty('exportMode');
  });
});
