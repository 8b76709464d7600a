/** Server suite: `npx jest -c api-server/jest.config.js` from the repository root. */
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  transform: { '^.+\\.[cm]?[jt]sx?$': require('../shared-utility/build/jest-transform') },
  // light-my-request (fastify.inject) requires cookie@2, which ships ESM only; Jest needs it compiled.
  transformIgnorePatterns: ['/node_modules/(?!(light-my-request/node_modules/)?cookie/)'],
  // One throwaway PostgreSQL cluster serves every test file; each app gets its own database.
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
};
