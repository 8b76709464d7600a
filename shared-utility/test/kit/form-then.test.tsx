/**
 * @jest-environment jsdom
 */
/**
 * form({ then }) (kit v3, docs/kit.md): a create form whose answer holds secrets shown this one time — after
 * the save the form closes and the declared dialog shows each secret the answer holds (a path into it, its
 * label, test id, copy button) under the warning, until its button; an answer without them ends with the form.
 * `complete` adds what the form does not ask for, `writableOnly` keeps display-only inputs out of the body,
 * `edit: false` leaves 编辑 to the screen's other form.
 */
import '../support/text-encoder';
import { useDomHost } from '../support/dom-host';
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { EntityScreenView } from '../../src/kit/entity/entity-screen';
import { defineScreen, form } from '../../src/kit/entity/define';
import { defineEntity } from '../../src/pure';

const request = jest.fn();
const showSuccess = jest.fn();
jest.mock('../../src/api', () => ({ request: (...args: unknown[]) => request(...args), download: jest.fn() }));
jest.mock('../../src/ui', () => ({ showError: jest.fn(), showSuccess: (...a: unknown[]) => showSuccess(...a), showWarning: jest.fn(), confirmDialog: jest.fn().mockResolvedValue(true) }));
jest.mock('../../src/app', () => ({ useSession: () => ({ accountType: 'SYS' }), usePermissions: () => new Set([22010, 22110]) }));

const org = defineEntity({
  name: 'kitTestOrgAdmin',
  table: 'kit_test_org_admin',
  key: 'id',
  labelField: 'name',
  title: '测试机构',
  paths: { query: 'kitTest/query', mgr: 'kitTest/mgr' },
  codes: { query: 22010, mgr: 22110 },
  fields: {
    id: { label: 'ID', type: 'int', list: false },
    name: { label: '名称', type: 'text', create: true, update: true },
    supplierId: { label: '供应商', type: 'int', create: true },
  },
});

const screen = defineScreen(org, {
  list: ['name'],
  actions: [
    form({
      view: false,
      edit: false,
      writableOnly: true,
      fields: [
        { name: 'name', label: '名称', type: 'text' },
        { name: 'shownOnly', label: '供应商', type: 'custom', showWhen: 'create', input: () => <span>选择后带出</span> },
      ],
      complete: (values) => ({ ...values, supplierId: 9 }),
      then: {
        title: '测试机构管理员已创建',
        note: '该密码仅显示这一次',
        closeText: '我已记下',
        secrets: [
          { field: 'admin.username', label: '管理员账号', testId: 'initial-username', copied: false },
          { field: 'admin.initialPassword', label: '初始密码', testId: 'initial-password', copied: '已复制初始密码' },
        ],
      },
    }),
    form({ create: false, view: false }),
  ],
});

const dom = useDomHost();
const show = async () => {
  request.mockReset().mockResolvedValue({ records: [{ id: 5, name: '机构甲', _actions: ['update'] }], total: 1 });
  await act(async () => dom.root.render(<MemoryRouter><EntityScreenView screen={screen} urlState={false} /></MemoryRouter>));
};
const click = async (text: string, root: ParentNode = document) => {
  const button = [...root.querySelectorAll('button')].find((b) => b.textContent === text);
  if (!button) throw new Error(`no button ${text}: ${[...root.querySelectorAll('button')].map((b) => b.textContent).join('|')}`);
  await act(async () => button.click());
};
const createWith = async (answer: unknown) => {
  await click('新增');
  const name = document.querySelector('#kit-field-name') as HTMLInputElement;
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(name, '机构乙');
  await act(async () => void name.dispatchEvent(new Event('input', { bubbles: true })));
  request.mockReset().mockResolvedValueOnce(answer).mockResolvedValue({ records: [], total: 0 });
  await click('提交', document.querySelector('.bp6-dialog')!);
  await act(async () => new Promise((r) => setTimeout(r, 0)));
};
const titles = () => [...document.querySelectorAll('.bp6-dialog-header')].map((h) => h.textContent);

beforeEach(() => showSuccess.mockReset());

test('the create form sends the writable fields and what complete adds, then shows the answer\'s secrets once', async () => {
  await show();
  await createWith({ id: 6, admin: { userId: 3, username: 'org06', initialPassword: 'Ab3#xyz9Qw2@' } });
  expect(request).toHaveBeenCalledWith('kitTest/mgr/create', { name: '机构乙', supplierId: 9 }, { showLoading: true });
  expect(titles()).toEqual(['测试机构管理员已创建']);
  expect(document.querySelector('[data-testid="initial-username"]')?.textContent).toBe('org06');
  expect(document.querySelector('[data-testid="initial-password"]')?.textContent).toBe('Ab3#xyz9Qw2@');
  expect(document.querySelector('.bp6-dialog')?.textContent).toContain('该密码仅显示这一次');
  // The username is shown only; the password has its copy button.
  expect([...document.querySelectorAll('.bp6-dialog button')].map((b) => b.textContent)).toEqual(['复制', '我已记下']);
  await click('我已记下');
  expect(document.querySelector('.bp6-dialog')).toBeNull();
});

test('an answer without the secrets ends with the form', async () => {
  await show();
  await createWith({ id: 6 });
  expect(request).toHaveBeenCalledWith('kitTest/mgr/create', { name: '机构乙', supplierId: 9 }, { showLoading: true });
  expect(document.querySelector('.bp6-dialog')).toBeNull();
});

test('edit: false leaves 编辑 to the other form (one 编辑 per row)', async () => {
  await show();
  expect([...dom.host.querySelectorAll('tbody button')].map((b) => b.textContent)).toEqual(['编辑']);
});
