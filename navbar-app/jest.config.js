/** Unit tests of navbar-app: `npx jest -c navbar-app/jest.config.js` from the repository root. */
const path = require('path');

module.exports = {
  rootDir: __dirname,
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/test/**/*.test.ts?(x)'],
  transform: { '^.+\\.[cm]?[jt]sx?$': require('../shared-utility/build/jest-transform') },
  moduleNameMapper: {
    // The real module is an import-map external at runtime; tests use the pure route table and
    // permission model plus in-memory stand-ins for the browser services (test/shared-utility-stub.ts).
    '^@flexpay/shared-utility$': path.join(__dirname, 'test/shared-utility-stub.ts'),
    '\\.css$': path.join(__dirname, 'test/style-stub.js'),
  },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
};
