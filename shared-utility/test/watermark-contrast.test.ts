import { WATERMARK_INK } from '../src/watermark';
import { DISABLED_BUTTON, TONE_BACKGROUND, TONE_TEXT } from '../src/kit/table/table-styles';

/** WCAG 2.x relative luminance and contrast ratio. */
function channels(hex: string): number[] {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
}
function luminance(rgb: readonly number[]): number {
  const [r, g, b] = rgb.map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a: readonly number[], b: readonly number[]): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}
/** A background under the watermark's ink where the ink is solid (the darkest the tile makes it). */
function underInk(background: string, ink: { rgb: readonly number[]; alpha: number }): number[] {
  return channels(background).map((v, i) => v * (1 - ink.alpha) + ink.rgb[i] * ink.alpha);
}

/** Text over the grid and the list screens: [what, text colour, background]. */
const TEXTS: Array<[string, string, string]> = [
  ...(Object.keys(TONE_TEXT) as Array<keyof typeof TONE_TEXT>).map((tone): [string, string, string] => [`${tone} 标签`, TONE_TEXT[tone], TONE_BACKGROUND[tone]]),
  ...(Object.keys(TONE_TEXT) as Array<keyof typeof TONE_TEXT>).map((tone): [string, string, string] => [`${tone} 文字（白底）`, TONE_TEXT[tone], '#ffffff']),
  ['表头', '#606266', '#f5f7fa'],
  ['单元格正文', '#1c2127', '#ffffff'],
  ['次要文字（Blueprint text-muted）', '#5f6b7c', '#ffffff'],
  ['禁用按钮（导出）', DISABLED_BUTTON.text, DISABLED_BUTTON.background],
  ['禁用的无边框按钮', DISABLED_BUTTON.minimalText, '#ffffff'],
];

test.each(TEXTS)('%s keeps ≥ 4.5:1 under the watermark (issue 27)', (_what, text, background) => {
  expect(contrast(channels(text), channels(background))).toBeGreaterThanOrEqual(4.5);
  expect(contrast(channels(text), underInk(background, WATERMARK_INK))).toBeGreaterThanOrEqual(4.5);
});

test('the watermark is faint but there: its ink still darkens white by a few levels', () => {
  const white = underInk('#ffffff', WATERMARK_INK);
  expect(white[0]).toBeLessThan(250);
  expect(contrast(channels('#ffffff'), white)).toBeLessThan(1.1);
});
