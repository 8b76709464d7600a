// Paths and webpack helpers shared by the build, deploy and rollback scripts.
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const require = createRequire(import.meta.url);
/** The one writer of the map and its history (import-map-file.cjs), shared with the API server. */
export const importMapFile = require('./import-map-file.cjs');
export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Packages that are deployed alone through the import map, with their specifiers. */
export const DEPLOYABLE = {
  'root-config': '@flexpay/root-config',
  'shared-utility': '@flexpay/shared-utility',
  'navbar-app': '@flexpay/navbar-app',
  'system-app': '@flexpay/system-app',
  'finance-app': '@flexpay/finance-app',
  'people-app': '@flexpay/people-app',
  'tasks-app': '@flexpay/tasks-app',
  // The sign-in pages (issue 24): built from system-app/src/login by login/webpack.config.js into login/dist.
  login: '@flexpay/login',
};

export function importMapPath() {
  return process.env.FLEXPAY_IMPORT_MAP ? path.resolve(process.env.FLEXPAY_IMPORT_MAP) : path.join(REPO, 'import-map.json');
}

export function historyPath(mapPath = importMapPath()) {
  return importMapFile.historyPath(mapPath);
}

/** Who a script's history entry names: the machine's user. */
export function scriptRunner() {
  let account = 'unknown';
  try {
    account = os.userInfo().username;
  } catch {
    /* no passwd entry (containers) */
  }
  return { type: 'script', account, name: '脚本' };
}

export function loadConfig(pkg) {
  const file = path.join(REPO, pkg, 'webpack.config.js');
  delete require.cache[file];
  return require(file);
}

/** Runs webpack on one or many configurations in this process and fails loudly on errors. */
export function runWebpack(configs) {
  const webpack = require('webpack');
  return new Promise((resolve, reject) => {
    webpack(configs, (error, stats) => {
      if (error) return reject(error);
      if (stats.hasErrors()) return reject(new Error(stats.toString('errors-only')));
      resolve(stats);
    });
  });
}
