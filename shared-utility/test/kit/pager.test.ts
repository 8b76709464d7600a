import { DEFAULT_PAGE_SIZE, jumpTarget, PAGE_SIZES, pageCount, pagerItems } from '../../src/kit/table/pager';

test('page sizes and default', () => {
  expect(PAGE_SIZES).toEqual([10, 20, 30, 50, 100]);
  expect(DEFAULT_PAGE_SIZE).toBe(10);
  expect(pageCount(0, 10)).toBe(1);
  expect(pageCount(101, 10)).toBe(11);
});

test('pager windows with gap markers', () => {
  expect(pagerItems(1, 5)).toEqual([1, 2, 3, 4, 5]);
  expect(pagerItems(1, 20)).toEqual([1, 2, 3, 4, 5, 6, 'more-after', 20]);
  expect(pagerItems(10, 20)).toEqual([1, 'more-before', 8, 9, 10, 11, 12, 'more-after', 20]);
  expect(pagerItems(19, 20)).toEqual([1, 'more-before', 15, 16, 17, 18, 19, 20]);
});

test('jumper clamps to existing pages', () => {
  expect(jumpTarget('3', 5)).toBe(3);
  expect(jumpTarget('99', 5)).toBe(5);
  expect(jumpTarget('0', 5)).toBe(1);
  expect(jumpTarget('abc', 5)).toBeNull();
  expect(jumpTarget('', 5)).toBeNull();
});
