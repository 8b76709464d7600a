// Jest configuration of a micro-app: jsdom, the shared TypeScript transform, and the app's own
// stand-in for @flexpay/shared-utility (an import-map external at runtime) in test/support/.
const transform = require('./jest-transform');

function createAppJestConfig(dir, name) {
  return {
    rootDir: dir,
    displayName: name,
    testEnvironment: 'jsdom',
    testEnvironmentOptions: { url: 'http://localhost:9000/' },
    testMatch: ['<rootDir>/test/**/*.test.ts?(x)'],
    transform: { '^.+\\.[cm]?[jt]sx?$': transform },
    // single-spa-react ships ES modules; everything else in node_modules has CommonJS builds.
    transformIgnorePatterns: ['/node_modules/(?!single-spa-react/)'],
    moduleNameMapper: {
      '^@flexpay/shared-utility$': '<rootDir>/test/support/shared-utility.ts',
      '\\.css$': '<rootDir>/test/support/style-stub.js',
    },
    setupFiles: ['<rootDir>/test/support/setup.ts'],
    clearMocks: true,
  };
}

module.exports = { createAppJestConfig };
