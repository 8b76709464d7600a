/**
 * @jest-environment jsdom
 */
import '../support/text-encoder';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { EntityScreenView } from '../../src/kit/entity/entity-screen';
import { defineScreen } from '../../src/kit/entity/define';
import { cust } from '../../src/pure/entities/cust';

const request = jest.fn();
jest.mock('../../src/api', () => ({ request: (...args: unknown[]) => request(...args), download: jest.fn() }));
jest.mock('../../src/ui', () => ({ showError: jest.fn(), showSuccess: jest.fn(), showWarning: jest.fn(), confirmDialog: jest.fn().mockResolvedValue(true) }));
jest.mock('../../src/app', () => ({ useSession: () => ({ accountType: 'SYS' }), usePermissions: () => new Set([20100]) }));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** 人才数据's shape: the real-name tab lives in the route parameter (/cust/:queryType?). */
const SCREEN = defineScreen(cust, { list: ['name'], tabs: { by: 'realNameStatus', values: [0, 10, 20], param: 'queryType' }, actions: [] });

let host: HTMLDivElement;
let root: Root;

async function open(path: string): Promise<void> {
  request.mockReset();
  request.mockResolvedValue({ records: [], total: 0 });
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  await act(async () =>
    root.render(
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/cust/:queryType?" element={<EntityScreenView screen={SCREEN} />} />
        </Routes>
      </MemoryRouter>,
    ),
  );
}

afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

const lastCond = () => (request.mock.calls.at(-1)![1] as { cond: Record<string, unknown> }).cond;
const selectedTab = () => host.querySelector('[role="tab"][aria-selected="true"]')?.textContent;

describe('a tab held by a route parameter (/cust/:queryType?)', () => {
  it('selects the tab the path names', async () => {
    await open('/cust/10');
    expect(lastCond()).toMatchObject({ realNameStatus: 10 });
    expect(selectedTab()).toBe('实名成功');
  });

  it('shows 全部 for a value that is no tab (the menu link /cust/base) and for no value', async () => {
    for (const path of ['/cust/base', '/cust']) {
      await open(path);
      expect(lastCond()).not.toHaveProperty('realNameStatus');
      expect(selectedTab()).toBe('全部');
      act(() => root.unmount());
      host.remove();
      await open('/cust/20');
    }
    expect(lastCond()).toMatchObject({ realNameStatus: 20 });
  });

  it('picking a tab from /cust/base moves to its path', async () => {
    await open('/cust/base');
    const tab = [...host.querySelectorAll('[role="tab"]')].find((t) => t.textContent === '实名失败') as HTMLElement;
    await act(async () => tab.click());
    expect(lastCond()).toMatchObject({ realNameStatus: 20 });
    expect(selectedTab()).toBe('实名失败');
  });
});
