import {
  FORM_MESSAGES,
  FormMachine,
  SUBMIT_DEBOUNCE_MS,
  buildPayload,
  confirmButtonLabel,
  isDirty,
  isFieldReadOnly,
  sameValue,
  validateForm,
  type FormDeps,
} from '../../src/kit/form/form-state';
import type { Field } from '../../src/kit/screen';
import { MESSAGES } from '../../src/pure';

const fields: Field[] = [
  { name: 'username', label: '用户名', type: 'text', rule: 'username', readOnlyWhen: 'edit' },
  { name: 'password', label: '密码', type: 'password', rule: 'password', showWhen: 'create' },
  { name: 'name', label: '姓名', type: 'text', rule: 'name' },
  { name: 'email', label: '邮箱', type: 'text', rule: 'email' },
  { name: 'status', label: '状态', type: 'select', enum: 'status', required: true, showWhen: 'create' },
];

const record = { userId: 7, username: 'alice01', name: '张三', email: '' };

function deps(overrides: Partial<FormDeps> = {}) {
  return {
    submit: jest.fn().mockResolvedValue({}),
    confirm: jest.fn().mockResolvedValue(true),
    success: jest.fn(),
    warning: jest.fn(),
    ...overrides,
  };
}

describe('labels and modes', () => {
  test('view reads 编辑, add and edit read 提交', () => {
    expect(confirmButtonLabel('view')).toBe('编辑');
    expect(confirmButtonLabel('edit')).toBe('提交');
    expect(confirmButtonLabel('add')).toBe('提交');
  });

  test('pressing 编辑 in view mode switches to edit without submitting', async () => {
    const d = deps();
    const form = new FormMachine({ fields, mode: 'view', initial: record, recordKey: 'userId' }, d);
    expect(form.getSnapshot().confirmLabel).toBe('编辑');
    await expect(form.pressConfirm()).resolves.toBe('edit-mode');
    expect(form.getSnapshot().mode).toBe('edit');
    expect(form.getSnapshot().confirmLabel).toBe('提交');
    expect(d.submit).not.toHaveBeenCalled();
  });

  test('view mode ignores edits; readOnlyWhen edit locks the field in edit mode only', () => {
    const form = new FormMachine({ fields, mode: 'view', initial: record }, deps());
    form.setValue('name', '李四');
    expect(form.getSnapshot().values.name).toBe('张三');
    expect(isFieldReadOnly(fields[0], 'edit')).toBe(true);
    expect(isFieldReadOnly(fields[0], 'add')).toBe(false);
    expect(isFieldReadOnly(fields[2], 'view')).toBe(true);
  });

  test('showWhen create hides password and status when editing', () => {
    const add = new FormMachine({ fields, mode: 'add' }, deps());
    const edit = new FormMachine({ fields, mode: 'edit', initial: record }, deps());
    expect(add.getSnapshot().visibleFields.map((f) => f.name)).toEqual(['username', 'password', 'name', 'email', 'status']);
    expect(edit.getSnapshot().visibleFields.map((f) => f.name)).toEqual(['username', 'name', 'email']);
  });
});

describe('dirty detection', () => {
  test('undefined, null and empty string are the same value', () => {
    expect(sameValue(undefined, '')).toBe(true);
    expect(sameValue(null, '')).toBe(true);
    expect(sameValue({ a: [1, { b: '' }] }, { a: [1, { b: undefined }] })).toBe(true);
    expect(sameValue({ a: [1, 2] }, { a: [1, 3] })).toBe(false);
    expect(sameValue(0, '')).toBe(false);
    expect(isDirty({ remark: undefined }, { remark: '' }, ['remark'])).toBe(false);
    expect(isDirty({ remark: 'a' }, { remark: 'b' }, ['remark'])).toBe(true);
  });
});

describe('submit', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  test('unchanged edit shows 没有更改 and sends nothing', async () => {
    const d = deps();
    const form = new FormMachine({ fields, mode: 'edit', initial: record, recordKey: 'userId' }, d);
    form.setValue('name', '张三');
    form.setValue('email', undefined);
    await expect(form.pressConfirm()).resolves.toBe('unchanged');
    expect(d.warning).toHaveBeenCalledWith(FORM_MESSAGES.noChange);
    expect(FORM_MESSAGES.noChange).toBe('没有更改');
    expect(d.submit).not.toHaveBeenCalled();
  });

  test('edit sends the visible values plus the record key and shows 更新成功', async () => {
    const d = deps();
    const form = new FormMachine({ fields, mode: 'edit', initial: record, recordKey: 'userId' }, d);
    form.setValue('name', '李四');
    await expect(form.pressConfirm()).resolves.toBe('saved');
    expect(d.submit).toHaveBeenCalledWith({ username: 'alice01', name: '李四', email: '', userId: 7 }, 'edit');
    expect(d.success).toHaveBeenCalledWith('更新成功');
    expect(form.getSnapshot().dirty).toBe(false);
  });

  test('create shows 操作成功 and does not send a key', async () => {
    const d = deps();
    const form = new FormMachine({ fields, mode: 'add', initial: { status: 0 }, recordKey: 'userId' }, d);
    form.setValue('username', 'bobby1');
    form.setValue('password', 'Abcdef12!');
    form.setValue('name', '王五');
    await expect(form.pressConfirm()).resolves.toBe('saved');
    expect(d.submit).toHaveBeenCalledWith({ username: 'bobby1', password: 'Abcdef12!', name: '王五', email: '', status: 0 }, 'add');
    expect(d.success).toHaveBeenCalledWith('操作成功');
  });

  test('validation uses the shared rules and reports every failing field', async () => {
    const d = deps();
    const form = new FormMachine({ fields, mode: 'add' }, d);
    form.setValue('email', 'not-an-email');
    await expect(form.pressConfirm()).resolves.toBe('invalid');
    expect(form.getSnapshot().errors).toEqual({
      username: MESSAGES.usernameRequired,
      password: MESSAGES.passwordRequired,
      name: MESSAGES.nameRequired,
      email: MESSAGES.email,
      status: '请选择状态',
    });
    form.setValue('email', 'a@b.cn');
    expect(form.getSnapshot().errors.email).toBeUndefined();
    expect(d.submit).not.toHaveBeenCalled();
  });

  test('a second click within 500 ms does nothing', async () => {
    const d = deps();
    const form = new FormMachine({ fields, mode: 'edit', initial: record, recordKey: 'userId' }, d);
    form.setValue('name', '李四');
    const first = form.pressConfirm();
    await expect(form.pressConfirm()).resolves.toBe('ignored');
    await first;
    form.setValue('name', '赵六');
    jest.advanceTimersByTime(SUBMIT_DEBOUNCE_MS - 1);
    await expect(form.pressConfirm()).resolves.toBe('ignored');
    expect(d.submit).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(1);
    await expect(form.pressConfirm()).resolves.toBe('saved');
    expect(d.submit).toHaveBeenCalledTimes(2);
  });

  test('confirmSubmit asks 您确定要提交此改动吗？ and cancelling sends nothing', async () => {
    const d = deps({ confirm: jest.fn().mockResolvedValue(false) });
    const form = new FormMachine({ fields, mode: 'edit', initial: record, confirmSubmit: true }, d);
    form.setValue('name', '李四');
    await expect(form.pressConfirm()).resolves.toBe('cancelled');
    expect(d.confirm).toHaveBeenCalledWith('您确定要提交此改动吗？');
    expect(d.submit).not.toHaveBeenCalled();
  });

  test('a failed request only stops the loading state', async () => {
    let reject!: (e: Error) => void;
    const d = deps({ submit: jest.fn(() => new Promise((_, r) => (reject = r))) });
    const form = new FormMachine({ fields, mode: 'edit', initial: record }, d);
    form.setValue('name', '李四');
    const pending = form.pressConfirm();
    await Promise.resolve();
    expect(form.getSnapshot().submitting).toBe(true);
    reject(new Error('操作失败'));
    await expect(pending).resolves.toBe('failed');
    const s = form.getSnapshot();
    expect(s.submitting).toBe(false);
    expect(s.values.name).toBe('李四');
    expect(s.dirty).toBe(true);
    expect(s.errors).toEqual({});
    expect(d.success).not.toHaveBeenCalled();
  });
});

describe('closing', () => {
  test('unsaved changes ask 数据已更改，您确定要关闭此界面吗？', async () => {
    const d = deps({ confirm: jest.fn().mockResolvedValue(false) });
    const form = new FormMachine({ fields, mode: 'edit', initial: record }, d);
    await expect(form.requestClose()).resolves.toBe(true);
    expect(d.confirm).not.toHaveBeenCalled();
    form.setValue('name', '李四');
    await expect(form.requestClose()).resolves.toBe(false);
    expect(d.confirm).toHaveBeenCalledWith('数据已更改，您确定要关闭此界面吗？');
  });

  test('view mode closes without asking', async () => {
    const d = deps();
    const form = new FormMachine({ fields, mode: 'view', initial: record }, d);
    await expect(form.requestClose()).resolves.toBe(true);
    expect(d.confirm).not.toHaveBeenCalled();
  });
});

describe('helpers', () => {
  test('money fields use the shared money rule; ranges are empty when both ends are', () => {
    const money: Field[] = [
      { name: 'fee', label: '单价', type: 'money' },
      { name: 'range', label: '区间', type: 'numberRange', required: true },
    ];
    expect(validateForm(money, { fee: '12.345', range: ['', ''] })).toEqual({ fee: MESSAGES.decimal, range: '请输入区间' });
    expect(validateForm(money, { fee: '9999999999.99', range: ['1', ''] })).toEqual({});
    expect(validateForm(money, { fee: '10000000000', range: ['1', ''] })).toEqual({ fee: expect.any(String) });
    expect(validateForm(money, { fee: '', range: ['1', '2'] })).toEqual({});
  });

  test('buildPayload leaves the key out when adding', () => {
    expect(buildPayload([fields[2]], { name: 'x', userId: 3 }, 'add', { userId: 3 }, 'userId')).toEqual({ name: 'x' });
    expect(buildPayload([fields[2]], { name: 'x' }, 'edit', { userId: 3 }, 'userId')).toEqual({ name: 'x', userId: 3 });
  });
});
