// @flexpay/login (issue 24 items 2–3): the public pages' module, built from system-app/src/login into
// login/dist/flexpay-login.js. A package of its own in the import map (deployed, rolled back and listed in
// 应用版本 like the apps: root-config/ops/workspace.mjs DEPLOYABLE), so the login page loads neither
// system-app nor shared-utility. Its only imports are modules the page already has: react, react-dom/client,
// react/jsx-runtime and single-spa; shared-utility's pure pieces (sign, validators, credentials, encrypt)
// are bundled through relative imports.
const path = require('path');
const { createConfig } = require('../shared-utility/build/webpack-factory');

const config = createConfig({
  dir: __dirname,
  entry: '../system-app/src/login/flexpay-login.tsx',
  filename: 'flexpay-login.js',
  selfName: '@flexpay/login',
});

/** Anything else would be a second copy or a module the login page must not load: fail the build. */
const ALLOWED = new Set(['react', 'react-dom/client', 'react/jsx-runtime', 'single-spa', 'jsencrypt']);
config.plugins.push({
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('LoginImports', (compilation) => {
      compilation.hooks.finishModules.tap('LoginImports', (modules) => {
        for (const module of modules) {
          if (!module.externalType) continue;
          const name = Array.isArray(module.request) ? module.request[0] : module.request;
          if (!ALLOWED.has(name)) compilation.errors.push(new Error(`@flexpay/login must not import ${name} (issue 24: the login page loads only what signing in needs)`));
        }
      });
    });
  },
});
/**
 * flexpay-login.css beside the bundle (issue 24 item 3): the rules of blueprint.css that the login entry's own
 * files — and the root config's Blueprint class names (bp-classes.ts: its error panel and version banner
 * draw on the login page too) — can match; login-css.js says how. The page links it instead of blueprint.css.
 */
const fs = require('fs');
const { namesOf, subsetCss } = require('./login-css');
const BLUEPRINT_CSS = require.resolve('@blueprintjs/core/lib/css/blueprint.css', { paths: [path.join(__dirname, '..')] });
const ROOT_CONFIG_CLASSES = path.join(__dirname, '..', 'root-config', 'src', 'bp-classes.ts');
config.plugins.push({
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('LoginCss', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'LoginCss', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        const files = new Set([ROOT_CONFIG_CLASSES]);
        for (const module of compilation.modules) {
          const file = module.resource && module.resource.split('?')[0];
          if (file && !file.includes(`${path.sep}node_modules${path.sep}`)) files.add(file);
        }
        const sources = [...files].sort().map((file) => fs.readFileSync(file, 'utf8'));
        const css = subsetCss(fs.readFileSync(BLUEPRINT_CSS, 'utf8'), namesOf(sources));
        compilation.emitAsset('flexpay-login.css', new compiler.webpack.sources.RawSource(css));
      });
    });
  },
});
config.resolve.modules = [path.join(__dirname, '..', 'system-app', 'node_modules'), path.join(__dirname, '..', 'node_modules'), 'node_modules'];
module.exports = config;
