// Issue 24 item 3: the login page's own subset of blueprint.css (560 KB, parsed before the first paint of
// /login). Written at build time beside the login module (login/dist/flexpay-login.css) from the class
// names its sources contain, so a login deploy carries the rules its markup needs; the page's shell
// (index.html, filled by api-server/src/static) links it instead of blueprint.css on a public page, and
// the root config loads the whole sheet once the form is usable, and before any signed-in app.
//
// A rule stays when one of its selectors can match that markup: every class the selector requires (those
// outside :not(), :is(), :where() and :has()) is one the sources name. Which names: each `bp6-…` token
// of the sources, and for a token the sources build with a template (`bp6-intent-${intent}`,
// `bp6-${size}`) every class of that prefix whose rest is a one-word string literal of the sources ('primary', "large").
// Keeping too much only costs bytes; rules without classes (element, :root, attribute selectors),
// @font-face and @keyframes stay. Within the subset the rules keep blueprint.css's order.
const postcss = require('postcss');
const selectorParser = require('postcss-selector-parser');

const PREFIX = 'bp6-';
const TOKEN = /bp6-[a-z0-9-]*/g;
/** A string literal holding one word: the values a template fills in (size="large", intent: 'primary'). */
const WORD = /['"`]([a-z][a-z0-9-]*)['"`]/g;

/** The class names, template prefixes and words found in `sources` (texts of the entry's own files). */
function namesOf(sources) {
  const classes = new Set();
  const prefixes = new Set();
  const words = new Set();
  for (const text of sources) {
    for (const match of text.matchAll(TOKEN)) {
      const token = match[0];
      const next = text.slice(match.index + token.length, match.index + token.length + 2);
      if (next === '${' || token.endsWith('-')) prefixes.add(token);
      else classes.add(token);
    }
    for (const match of text.matchAll(WORD)) words.add(match[1]);
  }
  return { classes, prefixes, words };
}

/** Whether the class `name` is one the sources may render. */
function used(name, names) {
  if (names.classes.has(name)) return true;
  for (const prefix of names.prefixes) {
    if (name.startsWith(prefix) && names.words.has(name.slice(prefix.length))) return true;
  }
  return false;
}

const OPTIONAL = new Set([':not', ':is', ':where', ':has', ':matches', ':-webkit-any', ':-moz-any']);

/** Whether a single selector can match the markup: its required Blueprint classes are all used. */
function selectorKept(selector, names) {
  let kept = true;
  selector.walkClasses((node) => {
    if (!kept || !node.value.startsWith(PREFIX)) return;
    for (let parent = node.parent; parent; parent = parent.parent) {
      if (parent.type === 'pseudo' && OPTIONAL.has(parent.value.toLowerCase())) return;
    }
    if (!used(node.value, names)) kept = false;
  });
  return kept;
}

/** The rules of `css` the names can match (see above), as CSS text. */
function subsetCss(css, names) {
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    if (rule.parent && rule.parent.type === 'atrule' && /keyframes$/i.test(rule.parent.name)) return;
    let selectors;
    try {
      selectors = selectorParser().astSync(rule.selector).nodes;
    } catch {
      return; // a selector this parser cannot read stays, as written
    }
    const kept = selectors.filter((selector) => selectorKept(selector, names)).map((selector) => selector.toString().trim());
    if (kept.length === 0) rule.remove();
    else if (kept.length < selectors.length) rule.selector = kept.join(', ');
  });
  // @media / @supports left empty by the rules taken out go too.
  let removed = true;
  while (removed) {
    removed = false;
    root.walkAtRules((atRule) => {
      if (/keyframes$|font-face/i.test(atRule.name)) return;
      if (atRule.nodes && atRule.nodes.length === 0) {
        atRule.remove();
        removed = true;
      }
    });
  }
  root.walkComments((comment) => comment.remove());
  return root.toString();
}

module.exports = { namesOf, subsetCss, used };
