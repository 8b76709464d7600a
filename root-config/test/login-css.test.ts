/**
 * Issue 24 item 3: the login module's subset of blueprint.css (login/login-css.js, run by login/webpack.config.js):
 * a rule stays when one of its selectors can match markup whose class names the sources contain.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { namesOf, subsetCss } = require('../../login/login-css') as {
  namesOf(sources: string[]): unknown;
  subsetCss(css: string, names: unknown): string;
};

const SOURCES = [
  "const intentClass = (intent) => `bp6-intent-${intent}`;",
  '<div className="bp6-button bp6-fill"><Icon icon="user" /><Button size="large" intent=\'primary\' /></div>',
  "export const cx = (size) => size && `bp6-${size}`; // a comment naming dark and danger",
];

const kept = (css: string) => subsetCss(css, namesOf(SOURCES)).replace(/\s+/g, ' ').trim();

describe('the login stylesheet', () => {
  test('rules of classes the sources name stay; others go; rules without classes stay', () => {
    expect(kept('.bp6-button{color:red}.bp6-table{color:blue}body{margin:0}:root{--x:1}')).toBe('.bp6-button{color:red}body{margin:0}:root{--x:1}');
  });

  test('a template prefix keeps the classes completed by a one-word string literal of the sources, not by words of comments', () => {
    const css = '.bp6-intent-primary{a:1}.bp6-intent-danger{a:2}.bp6-large{a:3}.bp6-dark .bp6-button{a:4}.bp6-small{a:5}';
    expect(kept(css)).toBe('.bp6-intent-primary{a:1}.bp6-large{a:3}');
  });

  test('a selector list keeps the selectors that can match; classes inside :not() are not required', () => {
    expect(kept('.bp6-button.bp6-fill, .bp6-tab{a:1}')).toBe('.bp6-button.bp6-fill{a:1}');
    expect(kept('.bp6-button:not(.bp6-minimal):not([class*=bp6-intent-]){a:1}')).toBe('.bp6-button:not(.bp6-minimal):not([class*=bp6-intent-]){a:1}');
  });

  test('media queries left empty go; @keyframes and @font-face stay; the order is blueprint.css’s', () => {
    const css = '@media (min-width:1px){.bp6-table{a:1}}@media print{.bp6-button{a:2}}@keyframes spin{from{a:1}to{a:2}}@font-face{font-family:x}.bp6-fill{a:3}';
    expect(kept(css)).toBe('@media print{.bp6-button{a:2}}@keyframes spin{from{a:1}to{a:2}}@font-face{font-family:x}.bp6-fill{a:3}');
  });
});
