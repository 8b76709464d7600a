import { allowedTransitions, entFeeConfig, supplier, supplierTaxProof, taxSource, transitionBetween } from '../../src/pure';
import { columnsOf, commandFields, condOf, defaultsOf, detailLinesOf, formFieldsOf, searchFieldsOf, writableFields } from '../../src/kit/entity/derive';
import { defineScreen, detail, form, serverExport, transitions } from '../../src/kit/entity/define';
import { cellText } from '../../src/kit/format';
import { ladderError } from '../../src/kit/inputs/ladder-input';

describe('entity → columns, search fields, form and detail (kit v2)', () => {
  test('columns follow the listed names; refs show their label field, money and enums format', () => {
    const columns = columnsOf(supplier, ['merchtCode', 'taxSourceId', 'status', 'id']);
    expect(columns.map((c) => [c.key, c.title])).toEqual([
      ['merchtCode', '供应商编码'],
      ['taxSourceName', '税源地'],
      ['status', '状态'],
    ]);
    expect(columns[2].enum).toBe('status');
    const [limit] = columnsOf(taxSource, ['monthlyLimit']);
    expect(limit).toMatchObject({ money: true, sortable: true, width: 130 });
  });

  test('search inputs come from the search operator: ranges for range, selects for enums, refs custom', () => {
    const fields = searchFieldsOf(taxSource, ['name', 'monthlyLimit', 'createdAt', 'status']);
    expect(fields.map((f) => [f.name, f.type])).toEqual([
      ['name', 'text'],
      ['monthlyLimit', 'numberRange'],
      ['createdAt', 'dateRange'],
      ['status', 'select'],
    ]);
    const [ref] = searchFieldsOf(supplier, ['taxSourceId'], () => () => 'select');
    expect(ref.type).toBe('custom');
    expect(ref.input).toBeDefined();
  });

  test('the form holds the writable fields in declaration order; create-only fields are read-only when editing', () => {
    const fields = formFieldsOf(supplier);
    expect(fields.map((f) => f.name)).toEqual(['name', 'merchtType', 'parentId', 'taxSourceId', 'creditCode', 'contactName', 'contactPhone', 'remark']);
    const byName = Object.fromEntries(fields.map((f) => [f.name, f]));
    expect(byName.merchtType.readOnlyWhen).toBe('edit');
    expect(byName.name).toMatchObject({ required: true, type: 'text' });
    expect(byName.contactPhone.rule).toBe('phone');
    expect(byName.remark.type).toBe('textarea');
    expect(formFieldsOf(supplierTaxProof).find((f) => f.name === 'file')?.type).toBe('upload');
    expect(writableFields(supplier, 'edit')).not.toContain('merchtType');
    expect(writableFields(supplier, 'add')).toContain('merchtType');
    expect(defaultsOf(taxSource)).toEqual({ singleLimit: '50000.00', monthlyLimit: '100000.00', vatRate: '6.0000' });
  });

  test('a fee config shows its ratio as a percentage and its ladder as ranges; the form asks for one of them by pattern', () => {
    const [ratio, ladder] = columnsOf(entFeeConfig, ['ratio', 'ladder']);
    expect(cellText({ ratio: '6.5000' }, ratio)).toBe('6.5%');
    expect(cellText({ ladder: [{ fence: '0.00', ratio: '6.0000' }, { fence: '30000.00', ratio: '5.5000' }] }, ladder)).toBe('0 ~ 30,000 元：6%；30,000 元以上：5.5%');
    const byName = Object.fromEntries(formFieldsOf(entFeeConfig).map((f) => [f.name, f]));
    expect(byName.ladder.type).toBe('custom');
    const shown = (name: string, feePattern: number) => (byName[name].showWhen as (v: object, m: string) => boolean)({ feePattern }, 'add');
    expect([shown('ratio', 0), shown('ladder', 0), shown('ratio', 2), shown('ladder', 2)]).toEqual([true, false, false, true]);
  });

  test('the ladder editor reports what the server would refuse, by the same rules', () => {
    expect(ladderError([{ fence: '0.00', ratio: '6' }, { fence: '30000', ratio: '5.5' }])).toBeNull();
    expect(ladderError([{ fence: '100.00', ratio: '6' }])).toBe('阶梯起点必须为0');
    expect(ladderError([{ fence: '0', ratio: '6' }, { fence: '0', ratio: '5' }])).toBe('阶梯金额必须递增');
    expect(ladderError([{ fence: '0', ratio: '' }])).toBe('阶梯金额或费率格式错误');
    expect(ladderError([{ fence: '0', ratio: '120' }])).toBe('费率必须在0到100之间');
  });

  test('detail lines label every detail field and format enums and money', () => {
    const lines = detailLinesOf(taxSource, { tsCode: 'TS001', name: '海南', monthlyLimit: '1000', status: 1 });
    expect(lines.find((l) => l.label === '状态')?.value).toBe('禁用');
    expect(lines.find((l) => l.label === '个人月限额(元)')?.value).toBe('1,000.00');
    expect(lines.some((l) => l.label === 'ID')).toBe(false);
  });

  test('cond takes each field’s operator shape and drops blanks', () => {
    expect(condOf(supplier, { name: '华', merchtType: '100', taxSourceId: '3', status: '', createdAt: ['2026-01-01', ''], remark: 'x' })).toEqual({
      name: '华',
      merchtType: [100],
      taxSourceId: 3,
      createdAt: ['2026-01-01', null],
    });
    expect(condOf(taxSource, { status: '1', monthlyLimit: ['', ''] })).toEqual({ status: 1 });
  });

  test('defineScreen keeps the entity and its title; transition fields become dialog fields', () => {
    const screen = defineScreen(taxSource, { list: ['name'], actions: [form(), detail(), transitions(), serverExport()] });
    expect(screen.title).toBe('税源地');
    expect(screen.entity).toBe(taxSource);
    const [reason] = commandFields(taxSource.machine!.transitions.disable.fields);
    expect(reason).toMatchObject({ name: 'reason', label: '禁用原因', type: 'textarea', required: true });
  });
});

describe('machine transition tables (entity.ts)', () => {
  const machine = taxSource.machine!;
  const codes = new Set([10120]);

  test('allowedTransitions: by status, account type and held code', () => {
    expect(allowedTransitions(machine, 0, 'SYS', codes)).toEqual(['disable']);
    expect(allowedTransitions(machine, 1, 'SYS', codes)).toEqual(['enable']);
    expect(allowedTransitions(machine, '1', 'SYS', codes)).toEqual(['enable']);
    expect(allowedTransitions(machine, 0, 'SPR', codes)).toEqual([]);
    expect(allowedTransitions(machine, 0, 'SYS', new Set())).toEqual([]);
    expect(allowedTransitions(machine, 0, null, codes)).toEqual([]);
    expect(allowedTransitions(undefined, 0, 'SYS', codes)).toEqual([]);
  });

  test('transitionBetween finds the transition from one status to another', () => {
    expect(transitionBetween(machine, 0, 1)).toBe('disable');
    expect(transitionBetween(machine, 1, 0)).toBe('enable');
    expect(transitionBetween(machine, 0, 0)).toBeNull();
    expect(transitionBetween(machine, 1, 1)).toBeNull();
  });
});
