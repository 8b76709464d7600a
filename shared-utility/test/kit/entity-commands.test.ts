/**
 * Kit v3 commands (issue 23), DOM-free: who is offered a command on which row (`for`, code, `from`,
 * `when`), the machine derived from commands, and the dialog a command's declared fields make (a yes/no
 * choice, a reason required only when it does not pass, an enum as a select, a length rule).
 */
import { commandAllows, commandsOf, commandTarget, defineEntity, type Entity } from '../../src/pure';
import { invoiceApply, invoiceApplyToMe } from '../../src/pure/entities/invoice';
import { workPackage } from '../../src/pure/entities/task';
import { validateForm } from '../../src/kit/form/form-state';
import { commandBody, commandCheck, commandFields, rowCommands } from '../../src/kit/entity/derive';

const held = (...codes: number[]) => new Set(codes);
const pkg = (reviewStatus: string, pkgStatus: string, status: number) => ({ id: 1, reviewStatus, pkgStatus, status });

describe('a row offers a command by for, code, from and when', () => {
  it('审核 of a package: SPR/SYS holding 32302, only while the package waits for review (the lifecycle)', () => {
    const pending = pkg('INIT', 'HIDDEN', 0);
    expect(commandAllows(workPackage as Entity, 'review', pending, 'SPR', held(32302))).toBe(true);
    expect(commandAllows(workPackage as Entity, 'review', pending, 'SPR', held(32220))).toBe(false);
    expect(commandAllows(workPackage as Entity, 'review', pending, 'ENT', held(32302))).toBe(false);
    expect(commandAllows(workPackage as Entity, 'review', pkg('REVIEWED', 'HIDDEN', 0), 'SPR', held(32302))).toBe(false);
  });

  it('取消 follows who asks: ENT only before review, SPR until finished', () => {
    const listed = pkg('REVIEWED', 'SHOWED', 10);
    expect(commandAllows(workPackage as Entity, 'cancel', listed, 'SPR', held(32220))).toBe(true);
    expect(commandAllows(workPackage as Entity, 'cancel', listed, 'ENT', held(32220))).toBe(false);
    expect(commandAllows(workPackage as Entity, 'cancel', pkg('INIT', 'HIDDEN', 0), 'ENT', held(32220))).toBe(true);
  });

  it('快递信息 from 已通过 or 已开票 only; a choice (审核 → 通过/不通过) is never offered itself', () => {
    const e = invoiceApplyToMe as Entity;
    expect([10, 20, 30, 40].filter((status) => commandAllows(e, 'inviUpdateExpress', { status }, 'SPR', held(27260)))).toEqual([20, 30]);
    expect(rowCommands(e, { all: true }).map(([n]) => n)).not.toContain('review');
    expect(rowCommands(e).map(([n]) => n)).toEqual(['reviewPass', 'reviewFail', 'issue', 'issueFail', 'discard']);
    expect(rowCommands(e, { only: ['inviUpdateExpress'], all: true }).map(([n]) => n)).toEqual(['inviUpdateExpress']);
  });
});

describe('the machine is derived from the commands', () => {
  it('transitions are the commands with from and a fixed to (updateStatus and the trail read them)', () => {
    expect(Object.keys(invoiceApplyToMe.machine!.transitions)).toEqual(['reviewPass', 'reviewFail', 'issue', 'issueFail', 'discard']);
    expect(invoiceApply.machine!.transitions.cancel).toMatchObject({ from: [10], to: 50 });
    // The package's 上架 moves three fields; its machine names the status it reaches.
    expect(workPackage.machine!.transitions.show).toMatchObject({ from: [0, 30], to: 10 });
    expect(commandTarget(workPackage, commandsOf(workPackage).show, {})).toEqual({ pkgStatus: 'SHOWED', status: 10 });
    expect(commandTarget(workPackage, commandsOf(workPackage).review, { pass: true })).toEqual({ reviewStatus: 'REVIEWED', pkgStatus: 'HIDDEN', status: 0 });
    expect(commandTarget(workPackage, commandsOf(workPackage).review, { pass: false })).toEqual({ status: 50 });
  });

  it('an entity declaring a machine keeps it, and its transitions are its commands', () => {
    const e = defineEntity({
      name: 'x',
      table: 'x',
      key: 'id',
      labelField: 'id',
      title: 'x',
      paths: { query: 'x/query', mgr: 'x/mgr' },
      codes: { query: 1 },
      fields: { id: { label: 'ID', type: 'int' }, status: { label: '状态', type: 'int' } },
      machine: { field: 'status', transitions: { stop: { label: '停用', from: [0], to: 1, code: 2, for: ['SYS'] } } },
    });
    expect(commandsOf(e)).toBe(e.machine!.transitions);
    expect(commandAllows(e, 'stop', { status: 0 }, 'SYS', held(2))).toBe(true);
    expect(commandAllows(e, 'stop', { status: 1 }, 'SYS', held(2))).toBe(false);
  });
});

describe('a command dialog from its declared fields', () => {
  const review = commandsOf(workPackage).review;

  it('a bool is two radios named by its choices; the reason a text area with its length rule', () => {
    const [pass, reason] = commandFields(review.fields);
    expect(pass).toMatchObject({ name: 'pass', label: '审核结果', type: 'radio', required: true, options: [{ value: 1, label: '通过' }, { value: 0, label: '不通过' }] });
    expect(reason).toMatchObject({ name: 'reason', label: '审核意见', type: 'textarea', placeholder: '不通过时必填，企业可见' });
    expect(validateForm([reason], { reason: 'x'.repeat(201) })).toEqual({ reason: '审核意见不能超过200个字符' });
  });

  it('the reason is required only when it does not pass, with the declared message; the choice is sent as true/false', () => {
    const check = commandCheck(review.fields);
    expect(check({ pass: 0 })).toEqual({ reason: '请输入审核意见' });
    expect(check({ pass: 0, reason: '  ' })).toEqual({ reason: '请输入审核意见' });
    expect(check({ pass: 0, reason: '缺少工作地点' })).toEqual({});
    expect(check({ pass: 1 })).toEqual({});
    expect(commandBody(review.fields, { pass: 1 })).toEqual({ pass: true });
    expect(commandBody(review.fields, { pass: '0', reason: 'r' })).toEqual({ pass: false, reason: 'r' });
  });

  it('an enum is a select of its enumeration, required; a file an upload', () => {
    const [company] = commandFields(commandsOf(invoiceApplyToMe).inviUpdateExpress.fields);
    expect(company).toMatchObject({ name: 'expressCompany', type: 'select', enum: 'expressCompany', required: true });
    const [, file] = commandFields(commandsOf(invoiceApplyToMe).inviVoucherCreate.fields);
    expect(file).toMatchObject({ name: 'file', type: 'upload', required: true });
  });
});
