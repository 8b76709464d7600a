/**
 * @jest-environment jsdom
 */
/**
 * Kit v3 additions (issue 23, docs/kit.md "Kit v3 — declared actions"): a command whose success text
 * reads the server's answer and whose confirm reads the row; commands sharing one existing route told
 * apart by fixed body values, with a title that reads the row; `link()` opening another screen with the
 * row's fields; `rowDownload()`; a toolbar `dialog()`; `listDrawer()` showing another entity's list.
 */
import '../support/text-encoder';
import { useDomHost } from '../support/dom-host';
import { act } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { EntityScreenView } from '../../src/kit/entity/entity-screen';
import { commands, defineScreen, dialog, link, listDrawer, rowDownload } from '../../src/kit/entity/define';
import { commandText, defineEntity } from '../../src/pure';

const request = jest.fn();
const download = jest.fn();
const showSuccess = jest.fn();
const confirmDialog = jest.fn();
jest.mock('../../src/api', () => ({ request: (...args: unknown[]) => request(...args), download: (...args: unknown[]) => download(...args) }));
jest.mock('../../src/ui', () => ({ showError: jest.fn(), showSuccess: (...a: unknown[]) => showSuccess(...a), showWarning: jest.fn(), confirmDialog: (...a: unknown[]) => confirmDialog(...a) }));
jest.mock('../../src/app', () => ({ useSession: () => ({ accountType: 'SYS' }), usePermissions: () => new Set([22010, 22110, 20100, 20110]) }));

const card = defineEntity({
  name: 'kitTestCard',
  table: 'kit_test_card',
  key: 'id',
  labelField: 'cardNo',
  title: '测试卡',
  paths: { query: 'kitTest/query', mgr: 'kitTest/mgr' },
  codes: { query: 22010, mgr: 22110 },
  fields: {
    id: { label: 'ID', type: 'int', list: false },
    cardNo: { label: '卡号', type: 'text' },
    holder: { label: '持卡人', type: 'text' },
    validated: { label: '校验', type: 'int' },
  },
  state: ['validated'],
  commands: {
    recheck: {
      label: '重新校验',
      for: ['SYS'],
      code: 22110,
      from: [0, 2],
      confirm: (row) => `将核验卡号 ${String(row.cardNo)}，确定继续吗？`,
      success: (answer) => (answer.validated === 1 ? '校验通过' : '校验未通过'),
    },
    paper: {
      label: '纸质签约',
      for: ['SYS'],
      code: 22110,
      path: 'updateSign',
      body: { signStatus: 20, signChannel: 1 },
      title: (row) => `纸质签约（${String(row.holder)} · ${String(row.cardNo)}）`,
      fields: { remark: { label: '说明', type: 'text', required: true } },
      success: '签约成功',
    },
  },
});

const screen = defineScreen(card, {
  list: ['cardNo', 'holder', 'validated'],
  actions: [
    commands(),
    link({ key: 'open', label: '打开', to: (row) => `/other/${String(row.cardNo)}` }),
    rowDownload({ key: 'result', label: '结果文件', path: 'kitTest/mgr/file', query: (row) => ({ id: Number(row.id), kind: 'result' }), needs: 'result' }),
    dialog({ key: 'byNo', label: '按卡号添加', scope: 'toolbar', codes: [22110], path: 'kitTest/mgr/addByNo', fields: [{ name: 'cardNo', label: '卡号', type: 'text', required: true }], success: '已添加' }),
    listDrawer({ key: 'history', label: '导入记录', codes: [22010], screen: defineScreen(card, { title: '记录', list: ['cardNo'], listPath: 'kitTest/query/history', actions: [] }) }),
  ],
});

const dom = useDomHost();
function Where() {
  return <div data-testid="where">{useLocation().pathname}</div>;
}
async function show(): Promise<void> {
  await act(async () =>
    dom.root.render(
      <MemoryRouter initialEntries={['/cards']}>
        <Routes>
          <Route path="/cards" element={<EntityScreenView screen={screen} urlState={false} />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    ),
  );
}
const click = async (text: string, root: ParentNode = document) => {
  const button = [...root.querySelectorAll('button')].find((b) => b.textContent === text);
  if (!button) throw new Error(`no button ${text}: ${[...root.querySelectorAll('button')].map((b) => b.textContent).join('|')}`);
  await act(async () => button.click());
};
const fill = async (selector: string, value: string) => {
  const el = document.querySelector(selector) as HTMLInputElement;
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), 'value')!.set!.call(el, value);
  await act(async () => void el.dispatchEvent(new Event('input', { bubbles: true })));
};
const row = (actions: string[]) => ({ id: 7, cardNo: '6222000011112222', holder: '张三', validated: 2, _actions: actions });

beforeEach(() => {
  request.mockReset();
  download.mockReset().mockResolvedValue({});
  showSuccess.mockReset();
  confirmDialog.mockReset().mockResolvedValue(true);
});

test('commandText reads the value when the text is a function, else is the text', () => {
  expect(commandText((r: { n: number }) => `第${r.n}行`, { n: 3 })).toBe('第3行');
  expect(commandText('固定', { n: 3 })).toBe('固定');
  expect(commandText(undefined, {})).toBeUndefined();
});

test('a command’s confirm names the row and its success text is read from the answer', async () => {
  request.mockResolvedValue({ records: [row(['recheck'])], total: 1 });
  await show();
  expect(confirmDialog).not.toHaveBeenCalled();
  request.mockReset().mockResolvedValueOnce({ id: 7, validated: 2 }).mockResolvedValue({ records: [row([])], total: 1 });
  await click('重新校验');
  expect(confirmDialog).toHaveBeenCalledWith(expect.objectContaining({ text: '将核验卡号 6222000011112222，确定继续吗？' }));
  expect(request).toHaveBeenCalledWith('kitTest/mgr/recheck', { id: 7 }, { showLoading: true });
  expect(showSuccess).toHaveBeenCalledWith('校验未通过');

  request.mockReset().mockResolvedValue({ records: [row(['recheck'])], total: 1 });
  await act(async () => dom.root.render(<></>));
  await show();
  request.mockReset().mockResolvedValueOnce({ id: 7, validated: 1 }).mockResolvedValue({ records: [row([])], total: 1 });
  await click('重新校验');
  expect(showSuccess).toHaveBeenLastCalledWith('校验通过');
});

test('a command on an existing route sends its fixed body values with the input; its title reads the row', async () => {
  request.mockResolvedValue({ records: [row(['paper'])], total: 1 });
  await show();
  await click('纸质签约');
  const frame = document.querySelector('.bp6-dialog, .bp6-drawer')!;
  expect(frame.textContent).toContain('纸质签约（张三 · 6222000011112222）');
  await fill('#kit-dialog-remark', '已签');
  request.mockReset().mockResolvedValueOnce({ id: 7 }).mockResolvedValue({ records: [row([])], total: 1 });
  await click('确定', frame);
  expect(request).toHaveBeenCalledWith('kitTest/mgr/updateSign', { id: 7, signStatus: 20, signChannel: 1, remark: '已签' }, { showLoading: true });
  expect(showSuccess).toHaveBeenCalledWith('签约成功');
});

test('link() opens the path made of the row’s fields', async () => {
  request.mockResolvedValue({ records: [row([])], total: 1 });
  await show();
  await click('打开');
  expect(document.querySelector('[data-testid=where]')?.textContent).toBe('/other/6222000011112222');
});

test('rowDownload() is offered where _actions lists its needs and downloads with the row’s query', async () => {
  request.mockResolvedValue({ records: [row(['result'])], total: 1 });
  await show();
  await click('结果文件');
  expect(download).toHaveBeenCalledWith('kitTest/mgr/file', { id: 7, kind: 'result' });
  request.mockResolvedValue({ records: [row([])], total: 1 });
  await act(async () => dom.root.render(<></>));
  await show();
  expect([...document.querySelectorAll('tbody button')].map((b) => b.textContent)).not.toContain('结果文件');
});

test('a toolbar dialog() posts its values alone; listDrawer() shows the other list in a drawer', async () => {
  request.mockResolvedValue({ records: [], total: 0 });
  await show();
  await click('按卡号添加');
  request.mockReset().mockResolvedValue({ records: [], total: 0 });
  await click('确定', document.querySelector('.bp6-dialog, .bp6-drawer')!);
  expect(document.querySelector('.bp6-dialog, .bp6-drawer')!.textContent).toContain('请输入卡号');
  expect(request).not.toHaveBeenCalledWith('kitTest/mgr/addByNo', expect.anything(), expect.anything());
  await fill('#kit-dialog-cardNo', '6222000011113333');
  await click('确定', document.querySelector('.bp6-dialog, .bp6-drawer')!);
  expect(request).toHaveBeenCalledWith('kitTest/mgr/addByNo', { cardNo: '6222000011113333' }, { showLoading: true });
  expect(showSuccess).toHaveBeenCalledWith('已添加');

  request.mockReset().mockResolvedValue({ records: [{ id: 1, cardNo: '记录一' }], total: 1 });
  await click('导入记录');
  expect(request).toHaveBeenCalledWith('kitTest/query/history', expect.objectContaining({ cond: {} }));
  expect(document.querySelector('.bp6-drawer')?.textContent).toContain('记录一');
});

test('an enum input limited by `only` offers only those values; `fields: {}` asks in the kit’s dialog with the note', async () => {
  const { commandFields } = await import('../../src/kit/entity/derive');
  const { custCoopSup, custCard } = await import('../../src/pure');
  const [channel] = commandFields(custCoopSup.commands!.eSign.fields);
  expect(channel).toMatchObject({ name: 'signChannel', type: 'select', required: true });
  expect(channel.options).toEqual([{ value: 2, label: '电子签' }, { value: 6, label: '合作方V2' }]);

  const cards = defineScreen(custCard, { list: ['cardNo', 'validated'], actions: [commands(['recheckCustCard'])] });
  request.mockResolvedValue({ records: [{ id: 3, cardNo: '6222***3445', accountCategory: 0, validated: 0, _actions: ['recheckCustCard'] }], total: 1 });
  await act(async () => dom.root.render(<></>));
  await act(async () => dom.root.render(<MemoryRouter><EntityScreenView screen={cards} urlState={false} /></MemoryRouter>));
  await click('重新校验');
  expect(confirmDialog).not.toHaveBeenCalled();
  const frame = document.querySelector('.bp6-dialog, .bp6-drawer')!;
  expect(frame.textContent).toContain('重新校验（6222***3445）');
  expect(frame.textContent).toContain('将核验卡号 6222***3445 与人才的姓名、证件号码是否一致（三要素）');
  request.mockReset().mockResolvedValueOnce({ id: 3, validated: 1 }).mockResolvedValue({ records: [], total: 0 });
  await click('确定', frame);
  expect(request).toHaveBeenCalledWith('cust/mgr/recheckCustCard', { id: 3 }, { showLoading: true });
  expect(showSuccess).toHaveBeenCalledWith('校验通过');
});
