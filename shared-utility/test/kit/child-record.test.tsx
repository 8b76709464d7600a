/**
 * @jest-environment jsdom
 */
/**
 * childRecord() (kit v3, docs/kit.md): a row action editing the one record of another entity linked to the row —
 * read by the link (silently), edited and sent to update when it exists, else created from the child's defaults.
 */
import '../support/text-encoder';
import { useDomHost } from '../support/dom-host';
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { EntityScreenView } from '../../src/kit/entity/entity-screen';
import { defineScreen } from '../../src/kit/entity/define';
import { childRecord } from '../../src/kit/entity/child-record';
import { defineEntity } from '../../src/pure';

const request = jest.fn();
jest.mock('../../src/api', () => ({ request: (...args: unknown[]) => request(...args), download: jest.fn() }));
jest.mock('../../src/ui', () => ({ showError: jest.fn(), showSuccess: jest.fn(), showWarning: jest.fn(), confirmDialog: jest.fn().mockResolvedValue(true) }));
jest.mock('../../src/app', () => ({ useSession: () => ({ accountType: 'SYS' }), usePermissions: () => new Set([22010, 22110, 22210]) }));

const org = defineEntity({
  name: 'kitTestOrg',
  table: 'kit_test_org',
  key: 'id',
  labelField: 'name',
  title: '测试机构',
  paths: { query: 'kitTest/query', mgr: 'kitTest/mgr' },
  codes: { query: 22010, mgr: 22110 },
  fields: { id: { label: 'ID', type: 'int', list: false }, name: { label: '名称', type: 'text' } },
});
const config = defineEntity({
  name: 'kitTestOrgConfig',
  table: 'kit_test_org_config',
  key: 'orgId',
  title: '测试配置',
  paths: { query: 'kitTest/config/query', mgr: 'kitTest/config/mgr' },
  codes: { query: 22210, mgr: 22210 },
  fields: { orgId: { label: '机构', type: 'int' }, note: { label: '备注', type: 'text', create: true, update: true, defaultValue: '默认备注' } },
});

const screen = defineScreen(org, {
  list: ['name'],
  actions: [childRecord({ key: 'config', label: '配置', codes: [22010], entity: config, link: { orgId: 'id' }, fields: [{ name: 'note', label: '备注', type: 'text' }], title: (row) => `配置（${String(row.name)}）` })],
});

const dom = useDomHost();
const open = async () => {
  request.mockReset().mockResolvedValue({ records: [{ id: 5, name: '机构甲', _actions: [] }], total: 1 });
  await act(async () => dom.root.render(<MemoryRouter><EntityScreenView screen={screen} urlState={false} /></MemoryRouter>));
};
const click = async (text: string, root: ParentNode = document) => {
  const button = [...root.querySelectorAll('button')].find((b) => b.textContent === text);
  if (!button) throw new Error(`no button ${text}: ${[...root.querySelectorAll("button")].map((b) => b.textContent).join("|")}`);
  await act(async () => button.click());
};
const note = () => document.querySelector('#kit-field-note') as HTMLInputElement;
const fill = async (value: string) => {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(note(), value);
  await act(async () => void note().dispatchEvent(new Event('input', { bubbles: true })));
};

test('an existing record is read by the link and sent back to update', async () => {
  await open();
  request.mockReset().mockResolvedValueOnce({ orgId: 5, note: '已有备注' }).mockResolvedValue({});
  await click('配置');
  expect(request).toHaveBeenCalledWith('kitTest/config/query/get', { orgId: 5 }, { silent: true });
  expect(document.querySelector('.bp6-dialog')?.textContent).toContain('配置（机构甲）');
  expect(note().value).toBe('已有备注');
  await fill('改后备注');
  await click('提交', document.querySelector('.bp6-dialog')!);
  await act(async () => new Promise((r) => setTimeout(r, 0)));
  expect(request).toHaveBeenCalledWith('kitTest/config/mgr/update', expect.objectContaining({ orgId: 5, note: '改后备注' }), { showLoading: true });
});

test('without a record the form starts from the declared defaults and creates it', async () => {
  await open();
  request.mockReset().mockResolvedValueOnce(null).mockResolvedValue({});
  await click('配置');
  expect(note().value).toBe('默认备注');
  await click('提交', document.querySelector('.bp6-dialog')!);
  await act(async () => new Promise((r) => setTimeout(r, 0)));
  expect(request).toHaveBeenCalledWith('kitTest/config/mgr/create', expect.objectContaining({ orgId: 5, note: '默认备注' }), { showLoading: true });
});
