// One jest run over every package that has unit or server tests; the test command reads its JSON summary.
const fs = require('fs');
const path = require('path');

const PACKAGES = ['shared-utility', 'api-server', 'navbar-app', 'system-app', 'finance-app', 'people-app', 'tasks-app', 'root-config'];

module.exports = {
  // A server test context migrates and seeds the whole demo (talents with files, orders with lines and
  // ledger) before its logins; on a busy 2-core machine that outgrows jest's 5 s default for hooks.
  // (A global option: jest ignores it in a project's config.)
  testTimeout: 30_000,
  projects: PACKAGES.filter((pkg) => fs.existsSync(path.join(__dirname, pkg, 'jest.config.js'))).map((pkg) =>
    path.join(__dirname, pkg, 'jest.config.js'),
  ),
};
