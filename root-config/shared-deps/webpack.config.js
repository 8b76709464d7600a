// Builds each shared dependency once as a System.register module (React 19 ships no UMD builds).
const path = require('path');
const { SHARED_EXTERNALS } = require('@flexpay/shared-utility/build/webpack-factory');
const { PrecompressPlugin } = require('./precompress');
const { DefinePlugin } = require('webpack');
const { ICONS_VERSION, IconFilesPlugin } = require('./icon-files');

const OUT = path.join(__dirname, '..', 'dist', 'shared');

/** specifier → entry; each build keeps every other shared specifier external. */
const SHARED = {
  react: 'react',
  'react-dom': 'react-dom',
  'react-dom/client': 'react-dom/client',
  'react/jsx-runtime': 'react/jsx-runtime',
  // Only the names the apps import (root-config/test/shared-entries.test.ts keeps the list complete).
  'react-router-dom': './entries/react-router-dom.js',
  rxjs: 'rxjs',
  'rxjs/operators': './entries/rxjs-operators.js',
  'single-spa': 'single-spa',
  '@blueprintjs/icons': './entries/blueprint-icons.js',
  '@blueprintjs/core': '@blueprintjs/core',
  '@blueprintjs/table': '@blueprintjs/table',
  axios: 'axios',
  xlsx: 'xlsx',
  // Loaded on demand by the navbar's command palette (pinyin initials of menu titles).
  'pinyin-pro': 'pinyin-pro',
  // Loaded on demand by finance-app's statistics charts.
  echarts: './entries/echarts.js',
  // Loaded by shared-utility's API client before the first encrypted call (sign-in, passwords).
  jsencrypt: 'jsencrypt',
};

const fileNameOf = (specifier) => specifier.replace(/^@/, '').replace(/\//g, '-') + '.js';

module.exports = Object.entries(SHARED).map(([specifier, entry]) => ({
  name: specifier,
  mode: 'production',
  context: __dirname,
  entry,
  devtool: 'source-map',
  output: {
    path: OUT,
    filename: fileNameOf(specifier),
    chunkFilename: 'chunks/[name].[contenthash:8].js',
    publicPath: '/shared/',
    library: { type: 'system' },
    uniqueName: `flexpay-shared-${fileNameOf(specifier)}`,
  },
  externals: [...SHARED_EXTERNALS, 'xlsx', 'pinyin-pro', 'echarts', 'jsencrypt'].filter((name) => name !== specifier),
  externalsType: 'system',
  module: { rules: [{ parser: { system: false } }] },
  resolve: { conditionNames: ['browser', 'import', 'module', 'default'] },
  plugins: [
    new PrecompressPlugin(),
    ...(specifier === '@blueprintjs/icons'
      ? [new DefinePlugin({ __FLEXPAY_ICONS_VERSION__: JSON.stringify(ICONS_VERSION) }), new IconFilesPlugin()]
      : []),
  ],
  performance: { hints: false },
  stats: 'errors-warnings',
}));

module.exports.SHARED = SHARED;
module.exports.fileNameOf = fileNameOf;
