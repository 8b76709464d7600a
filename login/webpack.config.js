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
config.resolve.modules = [path.join(__dirname, '..', 'system-app', 'node_modules'), path.join(__dirname, '..', 'node_modules'), 'node_modules'];
module.exports = config;
