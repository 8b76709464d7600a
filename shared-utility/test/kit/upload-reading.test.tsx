/**
 * @jest-environment jsdom
 */
import '../support/text-encoder';
import { useDomHost } from '../support/dom-host';
import { act } from 'react';
import { FieldsDialog } from '../../src/kit/entity/action-dialogs';
import { FormMachine } from '../../src/kit/form/form-state';
import type { Field } from '../../src/kit/screen';

// The worker's hash resolves when the test says so: the moments between choosing a file and its MD5.
let finishHash: (md5: string) => void = () => undefined;
jest.mock('../../src/kit/upload/md5-worker-source', () => ({ computeFileMd5: () => new Promise<string>((resolve) => (finishHash = resolve)) }));
jest.mock('../../src/api', () => ({ request: jest.fn(), download: jest.fn() }));
jest.mock('../../src/ui', () => ({ showError: jest.fn(), showSuccess: jest.fn(), showWarning: jest.fn(), confirmDialog: jest.fn().mockResolvedValue(true) }));

URL.createObjectURL = () => 'blob:signed-file';

const fields: Field[] = [{ name: 'signFile', label: '签约文件', type: 'upload', required: true }];
const dom = useDomHost();

const confirmButton = () => [...document.querySelectorAll('button')].find((b) => b.textContent === '确定') as HTMLButtonElement;

test('确定 waits while a chosen file is being read, then sends the file instead of saying it is required', async () => {
  const submit = jest.fn().mockResolvedValue(undefined);
  await act(async () => dom.root.render(<FieldsDialog title="纸质签约" fields={fields} submit={submit} onClose={() => undefined} />));
  const input = document.querySelector('input[type=file]') as HTMLInputElement;
  const file = new File(['%PDF-1.4'], '灵活用工协议.pdf', { type: 'application/pdf' });
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  await act(async () => input.dispatchEvent(new Event('change', { bubbles: true })));

  expect(confirmButton().disabled).toBe(true);
  await act(async () => confirmButton().click());
  expect(submit).not.toHaveBeenCalled();
  expect(document.body.textContent).not.toContain('请上传签约文件');

  await act(async () => finishHash('0cc175b9c0f1b6a831c399e269772661'));
  expect(confirmButton().disabled).toBe(false);
  await act(async () => confirmButton().click());
  expect(submit).toHaveBeenCalledWith({ signFile: expect.objectContaining({ fileMd5: '0cc175b9c0f1b6a831c399e269772661', type: 'pdf' }) });
});

test('a kit form holds 提交 while a file is read: nothing is sent and no field is called required', async () => {
  const deps = { submit: jest.fn().mockResolvedValue({}), confirm: jest.fn().mockResolvedValue(true), success: jest.fn(), warning: jest.fn() };
  const form = new FormMachine({ fields, mode: 'add' }, deps);
  form.reportReading(1);
  expect(form.getSnapshot().reading).toBe(1);
  await expect(form.pressConfirm()).resolves.toBe('ignored');
  expect(form.getSnapshot().errors).toEqual({});
  form.setValue('signFile', { url: 'blob:signed-file', type: 'pdf', fileMd5: '0cc175b9c0f1b6a831c399e269772661' });
  form.reportReading(-1);
  await expect(form.pressConfirm()).resolves.toBe('saved');
  expect(deps.submit).toHaveBeenCalledTimes(1);
});
