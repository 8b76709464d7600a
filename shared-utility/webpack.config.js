// The System.register bundle served as @flexpay/shared-utility (see build/webpack-factory.js).
const { createConfig } = require('./build/webpack-factory');

module.exports = createConfig({ dir: __dirname, entry: 'src/index.ts', filename: 'flexpay-shared-utility.js', selfName: '@flexpay/shared-utility' });
