import { acceptMoneyInput, acceptRangeInput, applyRangeBound, normaliseMoney, roundBound } from '../../src/kit/inputs/input-rules';

describe('number range', () => {
  test('a lower bound above the upper one clears the lower bound', () => {
    expect(applyRangeBound(['', '100.00'], 0, '150')).toEqual(['', '100.00']);
  });

  test('an upper bound below the lower one clears the upper bound', () => {
    expect(applyRangeBound(['50.00', ''], 1, '20')).toEqual(['50.00', '']);
  });

  test('valid bounds are kept and rounded to two decimals', () => {
    expect(applyRangeBound(['1.00', ''], 1, '2.345')).toEqual(['1.00', '2.35']);
    expect(applyRangeBound(['', ''], 0, '3')).toEqual(['3.00', '']);
    expect(applyRangeBound(['5.00', '5.00'], 0, '5')).toEqual(['5.00', '5.00']);
    expect(applyRangeBound(['5.00', '9.00'], 1, '')).toEqual(['5.00', '']);
  });

  test('typing accepts signed numbers with two decimals', () => {
    expect(acceptRangeInput('1', '1.2')).toBe('1.2');
    expect(acceptRangeInput('1.23', '1.234')).toBe('1.23');
    expect(acceptRangeInput('', '-')).toBe('-');
    expect(acceptRangeInput('1', '1a')).toBe('1');
    expect(roundBound('-')).toBe('');
  });
});

describe('money input', () => {
  test('two decimals at most, digits only', () => {
    expect(acceptMoneyInput('12', '12.')).toBe('12.');
    expect(acceptMoneyInput('12.3', '12.34')).toBe('12.34');
    expect(acceptMoneyInput('12.34', '12.345')).toBe('12.34');
    expect(acceptMoneyInput('12', '12a')).toBe('12');
    expect(acceptMoneyInput('12', '-12')).toBe('12');
    expect(acceptMoneyInput('12', '')).toBe('');
  });

  test('never above 9999999999.99', () => {
    expect(acceptMoneyInput('9999999999.9', '9999999999.99')).toBe('9999999999.99');
    expect(acceptMoneyInput('9999999999', '99999999999')).toBe('9999999999');
  });

  test('finished values lose a dangling point', () => {
    expect(normaliseMoney('12.')).toBe('12');
    expect(normaliseMoney('.5')).toBe('0.5');
  });
});
