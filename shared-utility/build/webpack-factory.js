// One webpack configuration for every FlexPay System.register bundle; each package adds a few lines.
const path = require('path');
const webpack = require('webpack');
const { PrecompressPlugin } = require('../../root-config/shared-deps/precompress');

/** Modules that exist once in the page, served from the import map. */
const SHARED_EXTERNALS = [
  'react',
  'react-dom',
  'react-dom/client',
  'react/jsx-runtime',
  'react-router-dom',
  'rxjs',
  'rxjs/operators',
  'single-spa',
  '@blueprintjs/core',
  '@blueprintjs/table',
  '@blueprintjs/icons',
  // The HTTP client is a vendor library like React: one copy in the page, outside shared-utility's 80 KB.
  'axios',
  '@flexpay/shared-utility',
  '@flexpay/shared-utility/kit',
  '@flexpay/root-config',
];

/**
 * @param {object} options
 * @param {string} options.dir        package folder (__dirname of the caller)
 * @param {string} options.entry      entry file relative to dir
 * @param {string} options.filename   bundle file name
 * @param {string} [options.selfName] the module's own specifier, left out of the externals
 * @param {Array} [options.externals] further webpack externals (functions included)
 */
function createConfig({ dir, entry, filename, selfName, externals = [] }) {
  const outDir = process.env.FLEXPAY_OUT_DIR ? path.resolve(process.env.FLEXPAY_OUT_DIR) : path.join(dir, 'dist');
  return {
    mode: process.env.NODE_ENV === 'development' ? 'development' : 'production',
    context: dir,
    entry: path.join(dir, entry),
    devtool: 'source-map',
    output: {
      path: outDir,
      filename,
      library: { type: 'system' },
      clean: false,
    },
    externals: [...SHARED_EXTERNALS.filter((name) => name !== selfName), ...externals],
    externalsType: 'system',
    resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'] },
    module: {
      rules: [
        {
          test: /\.[cm]?[jt]sx?$/,
          exclude: /node_modules/,
          loader: 'esbuild-loader',
          options: { target: 'es2020', jsx: 'automatic' },
        },
        { test: /\.css$/, use: ['style-loader', 'css-loader'] },
        // SystemJS bundles must not define AMD, or libraries register twice.
        { parser: { system: false } },
      ],
    },
    optimization: { splitChunks: false },
    plugins: [
      new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
      new webpack.DefinePlugin({
        'process.env.FLEXPAY_BUILD': JSON.stringify(process.env.FLEXPAY_BUILD_ID || 'local'),
      }),
      // Brotli and gzip copies beside each emitted file, served by Accept-Encoding (issue 24).
      new PrecompressPlugin(),
    ],
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

/** A micro-app: entry src/flexpay-<name>.tsx, bundle flexpay-<name>.js. */
function createAppConfig(dir, name) {
  return createConfig({ dir, entry: `src/flexpay-${name}.tsx`, filename: `flexpay-${name}.js`, selfName: `@flexpay/${name}` });
}

module.exports = { createConfig, createAppConfig, SHARED_EXTERNALS };
