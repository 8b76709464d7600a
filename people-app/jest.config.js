/** Unit tests of people-app: jsdom, TypeScript/TSX through the shared ts-jest transform. */
const transform = require('../shared-utility/build/jest-transform');

module.exports = {
  rootDir: __dirname,
  displayName: 'people-app',
  testEnvironment: 'jsdom',
  testEnvironmentOptions: { url: 'http://localhost:9000/' },
  testMatch: ['<rootDir>/test/**/*.test.ts?(x)'],
  transform: { '^.+\\.[cm]?[jt]sx?$': transform },
  // single-spa-react ships ES modules; everything else in node_modules has CommonJS builds.
  transformIgnorePatterns: ['/node_modules/(?!single-spa-react/)'],
  moduleNameMapper: {
    // The package is an import-map external at runtime; tests get the pure rules plus jest.fn stubs.
    '^@flexpay/shared-utility$': '<rootDir>/test/support/shared-utility.ts',
    '\\.css$': '<rootDir>/test/support/style-stub.js',
  },
  setupFiles: ['<rootDir>/test/support/setup.ts'],
  clearMocks: true,
};
