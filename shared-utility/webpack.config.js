// The System.register bundles served from shared-utility (see build/webpack-factory.js): the shared
// module @flexpay/shared-utility and kit v2, @flexpay/shared-utility/kit, kept out of the first
// one's 80 KB gzip budget and loaded only by the apps that declare entity screens.
const path = require('path');
const { createConfig } = require('./build/webpack-factory');

const SRC = path.join(__dirname, 'src');
const KIT_V2 = path.join(SRC, 'kit', 'entity');
const inside = (dir, file) => file === dir || file.startsWith(dir + path.sep);

/**
 * Kit v2 imports the rest of shared-utility by relative path; at run time those modules must be the
 * shared instance (one session, one toaster, one request layer), so from kit files they become the
 * external @flexpay/shared-utility, whose index re-exports them.
 */
function sharedUtilityFromKit({ context, request }, callback) {
  if (context && request && request.startsWith('.') && inside(KIT_V2, context)) {
    const target = path.resolve(context, request);
    // Loader runtimes (style-loader, css-loader) resolve outside src and stay bundled.
    if (inside(SRC, target) && !inside(KIT_V2, target)) return callback(null, '@flexpay/shared-utility');
  }
  return callback();
}

const config = createConfig({
  dir: __dirname,
  entry: 'src/index.ts',
  filename: '[name].js',
  selfName: '@flexpay/shared-utility',
  externals: [sharedUtilityFromKit],
});
config.entry = {
  'flexpay-shared-utility': path.join(__dirname, 'src', 'index.ts'),
  'flexpay-kit': path.join(__dirname, 'kit.ts'),
};
module.exports = config;
