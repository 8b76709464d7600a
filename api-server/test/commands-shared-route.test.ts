/**
 * Kit v3 (issue 23, people area): commands declared on an existing route shared with others — and with
 * the resource's update — are told apart by their fixed body values (resource/commands.ts
 * commandRoutes, commandOfBody), and an enum input limited by `only` is refused with its message.
 */
import { custCard, custCoopSup, cust, commandsOf } from '@flexpay/shared-utility/src/pure';
import { ApiError } from '../src/http/envelope';
import { Code } from '../src/http/codes';
import { commandOfBody, commandRoutes, parseCommandInput } from '../src/resource/commands';

const refusal = (run: () => unknown): { code: number; message: string } | null => {
  try {
    run();
    return null;
  } catch (error) {
    if (error instanceof ApiError) return { code: error.code, message: error.message };
    throw error;
  }
};

test('the sign commands share updateSupCoopData (and taxRealNameFile is 税务登记 alone)', () => {
  const routes = commandRoutes(custCoopSup);
  expect(routes.get('updateSupCoopData')).toEqual(['paperSign', 'eSign', 'taxCancel']);
  expect(routes.get('taxRealNameFile')).toEqual(['taxReg']);
  expect(commandRoutes(cust).get('file/save')).toEqual(['fileSave']);
  expect(commandRoutes(custCard).get('recheckCustCard')).toEqual(['recheckCustCard']);
});

test('the body picks the command; none of their keys is the update; another value answers 1009', () => {
  const names = commandRoutes(custCoopSup).get('updateSupCoopData')!;
  expect(commandOfBody(custCoopSup, names, { id: 1, signStatus: 20, signFile: {} })).toBe('paperSign');
  expect(commandOfBody(custCoopSup, names, { id: 1, signStatus: '10', signChannel: 2 })).toBe('eSign');
  expect(commandOfBody(custCoopSup, names, { id: 1, taxRegStatus: 40 })).toBe('taxCancel');
  // signStatus decides before taxRegStatus, as the hand-written route did.
  expect(commandOfBody(custCoopSup, names, { id: 1, signStatus: 20, taxRegStatus: 40 })).toBe('paperSign');
  expect(commandOfBody(custCoopSup, names, { id: 1, status: 1, remark: '暂停' })).toBeUndefined();
  expect(commandOfBody(custCoopSup, names, { id: 1, signStatus: null, status: 0 })).toBeUndefined();
  expect(refusal(() => commandOfBody(custCoopSup, names, { id: 1, signStatus: 30 }))).toEqual({ code: Code.CONFLICT, message: '当前状态不允许此操作' });
  expect(refusal(() => commandOfBody(custCoopSup, names, { id: 1, taxRegStatus: 10 }))).toEqual({ code: Code.CONFLICT, message: '当前状态不允许此操作' });
});

test('an enum input limited by `only` refuses its other values with the field’s message', () => {
  const eSign = commandsOf(custCoopSup).eSign;
  expect(parseCommandInput(eSign, { signChannel: 6 })).toEqual({ signChannel: 6 });
  expect(refusal(() => parseCommandInput(eSign, { signChannel: 1 }))).toEqual({ code: Code.VALIDATION, message: '电子签约请选择电子签或合作方V2渠道' });
  expect(refusal(() => parseCommandInput(eSign, { signChannel: 99 }))).toEqual({ code: Code.VALIDATION, message: '电子签约请选择电子签或合作方V2渠道' });
  const fileSave = commandsOf(cust).fileSave;
  expect(refusal(() => parseCommandInput(fileSave, { fileType: 3, file: { url: '/api/admin/file/download?id=1', fileMd5: 'a' } }))).toEqual({ code: Code.VALIDATION, message: '请选择附件类型' });
});
