// One jest run over every package that has unit or server tests; the test command reads its JSON summary.
const fs = require('fs');
const path = require('path');

const PACKAGES = ['shared-utility', 'api-server', 'navbar-app', 'system-app', 'finance-app', 'people-app', 'tasks-app', 'root-config'];

module.exports = {
  projects: PACKAGES.filter((pkg) => fs.existsSync(path.join(__dirname, pkg, 'jest.config.js'))).map((pkg) =>
    path.join(__dirname, pkg, 'jest.config.js'),
  ),
};
