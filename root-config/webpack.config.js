const { createConfig } = require('@flexpay/shared-utility/build/webpack-factory');

module.exports = createConfig({
  dir: __dirname,
  entry: 'src/flexpay-root-config.ts',
  filename: 'flexpay-root-config.js',
  selfName: '@flexpay/root-config',
});
