import { isValidResidentId, maskMiddle } from '../../src/pure/rules/identity';
import { isLuhnValid, simulatedBankCardCheck, simulatedRealName } from '../../src/pure/rules/simulated';

describe('resident ID (GB 11643)', () => {
  it.each(['11010519491231002X', '11010519491231002x', '440308199901101512', '320106200002291230', ' 510122198707077774 '])('accepts %s', (id) => {
    expect(isValidResidentId(id)).toBe(true);
  });

  it.each([
    ['wrong check character', '110105194912310021'],
    ['X where a digit belongs', '44030819990110151X'],
    ['29 February of a common year', '320106200102291238'],
    ['month 13', '110105194913310021'],
    ['born before 1900', '110101189901010011'],
    ['15-digit old number', '110105491231002'],
    ['letters', '11010519491231002A'],
    ['empty', ''],
  ])('refuses %s', (_, id) => {
    expect(isValidResidentId(id)).toBe(false);
  });
});

describe('bank card Luhn', () => {
  it.each(['4111111111111111', '6222021234567890128', '6222600260001072444', '79927398713'])('accepts %s', (card) => {
    expect(isLuhnValid(card)).toBe(true);
  });
  it.each(['4111111111111112', '6217000010001234567', '62220212345678901a', ''])('refuses %p', (card) => {
    expect(isLuhnValid(card)).toBe(false);
  });
});

describe('masking', () => {
  it.each([
    ['11010519491231002X', '1101**********002X'],
    ['6222021234567890128', '6222***********0128'],
    ['1234567890', '12******90'],
    ['E1234567', 'E1****67'],
    ['abc', '***'],
    ['', ''],
  ])('%s → %s', (value, masked) => {
    expect(maskMiddle(value)).toBe(masked);
  });
  it('treats null as empty', () => expect(maskMiddle(null)).toBe(''));
});

describe('simulated providers', () => {
  it('real-name: a resident ID passes iff valid; other ID types pass', () => {
    expect(simulatedRealName(111, '11010519491231002X')).toBe(10);
    expect(simulatedRealName(111, '110105194912310021')).toBe(20);
    expect(simulatedRealName(142, 'E12345678')).toBe(10);
  });
  it('bank card 3-factor: Luhn decides', () => {
    expect(simulatedBankCardCheck('6222021234567890128')).toBe(1);
    expect(simulatedBankCardCheck('6222021234567890129')).toBe(2);
  });
});
