/** resource/codec.ts clippedText: a free text trimmed and cut to its maximum, null when blank or no text. */
import { clippedText } from '../src/resource/codec';

test('clippedText trims, cuts to the maximum and answers null for blank or non-text values', () => {
  expect(clippedText('  11月劳务费  ', 200)).toBe('11月劳务费');
  expect(clippedText('x'.repeat(40), 32)).toBe('x'.repeat(32));
  expect(clippedText('   ', 200)).toBeNull();
  expect(clippedText(undefined, 200)).toBeNull();
  expect(clippedText(12, 200)).toBeNull();
});
