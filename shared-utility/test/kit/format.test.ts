import { cellText, displayWidth, feeLadderText, formatDate, formatMoney, shortenText } from '../../src/kit/format';
import type { Column } from '../../src/kit/screen';

describe('fee ladder text', () => {
  test('ranges from each fence to the next, the last one open-ended', () => {
    expect(
      feeLadderText([
        { fence: '10000.00', ratio: '6.0000' },
        { fence: '0.00', ratio: '6.5000' },
      ]),
    ).toBe('0 ~ 10,000 元：6.5%；10,000 元以上：6%');
    expect(
      feeLadderText([
        { fence: 0, ratio: '7.25' },
        { fence: '5000.50', ratio: '6.5' },
        { fence: '20000', ratio: '5' },
      ]),
    ).toBe('0 ~ 5,000.5 元：7.25%；5,000.5 ~ 20,000 元：6.5%；20,000 元以上：5%');
  });

  test('未设置 when there is no entry', () => {
    expect(feeLadderText([])).toBe('未设置');
    expect(feeLadderText(null)).toBe('未设置');
    expect(feeLadderText([{ fence: '0', ratio: '3' }])).toBe('0 元以上：3%');
  });
});

describe('long text', () => {
  test('25 characters or fewer stay whole', () => {
    const text = 'a'.repeat(25);
    expect(shortenText(text)).toEqual({ text, truncated: false });
  });

  test('over 25 characters: first 12, an ellipsis, last 12', () => {
    const text = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    expect(shortenText(text)).toEqual({ text: 'ABCDEFGHIJKL…OPQRSTUVWXYZ', truncated: true });
    const chinese = '北京市朝阳区建国路八十八号现代城小区三号楼二单元一零一室';
    expect(shortenText(chinese).text).toBe('北京市朝阳区建国路八十八…小区三号楼二单元一零一室');
  });
});

describe('formatDate', () => {
  test('default pattern yyyy-MM-dd HH:mm:ss in local time', () => {
    const date = new Date(2024, 0, 5, 9, 3, 7);
    expect(formatDate(date)).toBe('2024-01-05 09:03:07');
    expect(formatDate(date.getTime(), 'yyyyMMddHHmmss')).toBe('20240105090307');
    expect(formatDate(date, 'yyyy-MM-dd')).toBe('2024-01-05');
  });

  test('empty or invalid values give an empty string', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('cell text', () => {
  const columns: Column[] = [
    { key: 'status', title: '状态', enum: 'status' },
    { key: 'amount', title: '金额', money: true },
    { key: 'name', title: '名称' },
  ];

  test('enum labels, two-decimal money, raw values', () => {
    const row = { status: 1, amount: '1234.5', name: '甲' };
    expect(columns.map((c) => cellText(row, c))).toEqual(['禁用', '1,234.50', '甲']);
    expect(cellText({ status: 99 }, columns[0])).toBe('99');
    expect(cellText({}, columns[1])).toBe('');
    expect(formatMoney(3)).toBe('3.00');
  });

  test('CJK characters are twice as wide', () => {
    expect(displayWidth('abc')).toBe(3);
    expect(displayWidth('状态ab')).toBe(6);
    expect(displayWidth('（全角）')).toBe(8);
  });
});
