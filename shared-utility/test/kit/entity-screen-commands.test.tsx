/**
 * @jest-environment jsdom
 */
/**
 * Kit v3 commands on a screen (issue 23): the row offers a declared command exactly when the server's
 * `_actions` lists it, its dialog is drawn from the command's fields (审核结果 and 审核意见), the reason
 * required only when it does not pass is refused in the browser, and the call goes to the command's
 * route with the row's key and the choice as true/false.
 */
import '../support/text-encoder';
import { useDomHost } from '../support/dom-host';
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { EntityScreenView } from '../../src/kit/entity/entity-screen';
import { commands, defineScreen, transitions } from '../../src/kit/entity/define';
import { workPackage } from '../../src/pure/entities/task';
import { invoiceApplyToMe } from '../../src/pure/entities/invoice';

const request = jest.fn();
const showSuccess = jest.fn();
jest.mock('../../src/api', () => ({ request: (...args: unknown[]) => request(...args), download: jest.fn() }));
jest.mock('../../src/ui', () => ({ showError: jest.fn(), showSuccess: (...a: unknown[]) => showSuccess(...a), showWarning: jest.fn(), confirmDialog: jest.fn().mockResolvedValue(true) }));
jest.mock('../../src/app', () => ({ useSession: () => ({ accountType: 'SPR' }), usePermissions: () => new Set([32210, 32220, 32302, 27210, 27250, 27260]) }));

const dom = useDomHost();
const packages = defineScreen(workPackage, { list: ['packageCode', 'name', 'status'], actions: [transitions(['review'])] });

async function show(screen: Parameters<typeof EntityScreenView>[0]['screen']): Promise<void> {
  await act(async () =>
    dom.root.render(
      <MemoryRouter>
        <EntityScreenView screen={screen} urlState={false} />
      </MemoryRouter>,
    ),
  );
}
const buttons = () => [...document.querySelectorAll('button')].map((b) => b.textContent ?? '');
const click = async (text: string) => {
  const button = [...document.querySelectorAll('button')].find((b) => b.textContent === text)!;
  await act(async () => button.click());
};
/** Types into a control the way React hears it (the native setter, then the event React listens to). */
const fill = async (selector: string, value: string) => {
  const el = document.querySelector(selector) as HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), 'value')!.set!.call(el, value);
  await act(async () => void el.dispatchEvent(new Event(el.tagName === 'SELECT' ? 'change' : 'input', { bubbles: true })));
};
const pkg = (id: number, actions: string[]) => ({ id, packageCode: `PKG0000${id}`, name: `包${id}`, reviewStatus: 'INIT', pkgStatus: 'HIDDEN', status: 0, _actions: actions });

beforeEach(() => {
  request.mockReset();
  showSuccess.mockReset();
});

test('审核 is offered on the rows whose _actions list it, not on the others', async () => {
  request.mockResolvedValue({ records: [pkg(1, ['review']), pkg(2, [])], total: 2 });
  await show(packages);
  const rows = [...dom.host.querySelectorAll('tbody tr')];
  expect(rows.map((r) => [...r.querySelectorAll('button')].some((b) => b.textContent === '审核'))).toEqual([true, false]);
});

test('its dialog asks the result and a reason required only when it does not pass; the call carries true/false', async () => {
  request.mockResolvedValue({ records: [pkg(1, ['review'])], total: 1 });
  await show(packages);
  await click('审核');
  const dialog = document.querySelector('.bp6-dialog, .bp6-drawer')!;
  // Titled with the package it reviews, as the kit's other row dialogs.
  expect(dialog.querySelector('.bp6-dialog-header')?.textContent).toBe('审核（包1）');
  expect(dialog.textContent).toContain('审核结果');
  expect(dialog.textContent).toContain('审核意见');
  // 不通过 without a reason: refused in the browser, nothing sent.
  const radios = [...dialog.querySelectorAll('input[type=radio]')] as HTMLInputElement[];
  await act(async () => radios[1].click());
  request.mockClear();
  await click('确定');
  expect(document.querySelector('.bp6-dialog, .bp6-drawer')!.textContent).toContain('请输入审核意见');
  expect(request).not.toHaveBeenCalled();
  // 通过: sent to the command's route with the row key.
  await act(async () => radios[0].click());
  request.mockResolvedValue({});
  await click('确定');
  expect(request).toHaveBeenCalledWith('package/mgr/review', expect.objectContaining({ id: 1, pass: true }), { showLoading: true });
  expect(showSuccess).toHaveBeenCalledWith('审核完成');
});

test('不通过 with its reason is sent as pass: false with the reason', async () => {
  request.mockResolvedValue({ records: [pkg(1, ['review'])], total: 1 });
  await show(packages);
  await click('审核');
  const radios = [...document.querySelectorAll('.bp6-dialog input[type=radio], .bp6-drawer input[type=radio]')] as HTMLInputElement[];
  await act(async () => radios[1].click());
  await fill('#kit-dialog-reason', '资料不全');
  request.mockClear();
  request.mockResolvedValue({});
  await click('确定');
  expect(request).toHaveBeenCalledWith('package/mgr/review', expect.objectContaining({ id: 1, pass: false, reason: '资料不全' }), { showLoading: true });
});

test('快递信息 (a command that moves nothing) is offered by commands() with its declared fields', async () => {
  request.mockResolvedValue({ records: [{ id: 5, applyNo: 'IA00000005', status: 20, _actions: ['inviUpdateExpress'] }], total: 1 });
  await show(defineScreen(invoiceApplyToMe, { list: ['applyNo', 'status'], actions: [commands(['inviUpdateExpress']), transitions()] }));
  expect(buttons()).toContain('快递信息');
  await click('快递信息');
  expect(document.querySelector('#kit-dialog-expressCompany')?.tagName).toBe('SELECT');
  expect(document.querySelector('#kit-dialog-expressNo')).not.toBeNull();
  // Empty: the declared messages, nothing sent; filled: the command's route with the row key, its own success text.
  request.mockClear();
  await click('确定');
  expect(document.querySelector('.bp6-dialog')!.textContent).toContain('请选择快递公司');
  expect(request).not.toHaveBeenCalled();
  const company = (document.querySelector('#kit-dialog-expressCompany') as HTMLSelectElement).options[1].value;
  await fill('#kit-dialog-expressCompany', company);
  await fill('#kit-dialog-expressNo', 'SF1234567890');
  request.mockResolvedValue({});
  await click('确定');
  expect(request).toHaveBeenCalledWith('invoice/act/mgr/toMe/inviUpdateExpress', expect.objectContaining({ id: 5, expressNo: 'SF1234567890' }), { showLoading: true });
  expect(showSuccess).toHaveBeenCalledWith('快递信息已保存');
});

test('a command’s chosen file is uploaded when it is sent, and travels as the stored file', async () => {
  const { uploadChosenFiles } = await import('../../src/kit/entity/files');
  const { commandsOf } = await import('../../src/pure');
  request.mockReset();
  request.mockResolvedValue({ url: '/api/admin/file/download?id=7', fileMd5: 'abc', name: '完工证明.pdf' });
  // jsdom's File reads no bytes: a file as the upload reads it.
  const file = { name: '完工证明.pdf', arrayBuffer: async () => new TextEncoder().encode('%PDF-1.4').buffer } as unknown as File;
  const sent = await uploadChosenFiles(commandsOf(invoiceApplyToMe).inviVoucherCreate, { voucherType: 20, file: { file, fileMd5: 'abc' } });
  expect(request).toHaveBeenCalledWith('file/upload', expect.objectContaining({ name: '完工证明.pdf', fileMd5: 'abc' }), { showLoading: true });
  expect(sent).toEqual({ voucherType: 20, file: { url: '/api/admin/file/download?id=7', fileMd5: 'abc', name: '完工证明.pdf' } });
});
