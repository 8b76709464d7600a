/** Unit tests of the root config: `npx jest -c root-config/jest.config.js` from the repository root. */
const path = require('path');

module.exports = {
  rootDir: __dirname,
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  transform: { '^.+\\.[cm]?[jt]sx?$': require('../shared-utility/build/jest-transform') },
  moduleNameMapper: { '\\.css$': path.join(__dirname, 'test/style-stub.js') },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
};
