/**
 * @jest-environment jsdom
 */
import '../support/text-encoder';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { EntityScreenView } from '../../src/kit/entity/entity-screen';
import { defineScreen } from '../../src/kit/entity/define';
import { LARGE_SUMMARY_NOTE, totalLabel } from '../../src/kit/table/pager';
import { balanceApply } from '../../src/pure/entities/money';

const request = jest.fn();
jest.mock('../../src/api', () => ({ request: (...args: unknown[]) => request(...args), download: jest.fn() }));
jest.mock('../../src/ui', () => ({ showError: jest.fn(), showSuccess: jest.fn(), showWarning: jest.fn(), confirmDialog: jest.fn().mockResolvedValue(true) }));
jest.mock('../../src/app', () => ({ useSession: () => ({ accountType: 'SYS' }), usePermissions: () => new Set([18610]) }));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let host: HTMLDivElement;
let root: Root;

async function show(answer: Record<string, unknown>): Promise<void> {
  request.mockResolvedValue({ records: [{ id: 1, applyNo: 'RA1', amount: '1.00' }], ...answer });
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  await act(async () =>
    root.render(
      <MemoryRouter>
        <EntityScreenView screen={defineScreen(balanceApply, { list: ['applyNo', 'amount'], summary: ['amount'], actions: [] })} urlState={false} />
      </MemoryRouter>,
    ),
  );
}

afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

const summary = () => host.querySelector('[data-testid="kit-summary"]')?.textContent;

describe('a list above the server’s exact-count cap (issue 13)', () => {
  it('says the total is an estimate and asks for a narrower filter instead of a summary', async () => {
    await show({ total: 1234567, totalKind: 'estimate' });
    expect(host.textContent).toContain('约 1234567 条');
    expect(summary()).toBe(`合计${LARGE_SUMMARY_NOTE}`);
  });

  it('on SQLite says only that there are more than the cap', async () => {
    await show({ total: 10000, totalKind: 'atLeast' });
    expect(host.textContent).toContain('超过 10000 条');
  });

  it('an exact answer keeps 共 N 条 and its summary', async () => {
    await show({ total: 3, summary: { amount: '3.00' } });
    expect(host.textContent).toContain('共 3 条');
    expect(summary()).toContain('3.00');
    expect(totalLabel(3)).toBe('共 3 条');
  });
});
