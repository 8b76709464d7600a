// Unit tests of @flexpay/shared-utility. Node by default; DOM tests opt into jsdom with a docblock.
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/**/*.test.ts?(x)'],
  transform: { '^.+\\.[cm]?[jt]sx?$': require('./build/jest-transform') },
};
