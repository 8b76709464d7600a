/** Unit tests of people-app. */
const config = require('../shared-utility/build/jest-app-config').createAppJestConfig(__dirname, 'people-app');

// Screen declarations are tested without the kit's views: its DOM-free half stands in for the module.
config.moduleNameMapper['^@flexpay/shared-utility/kit$'] = '<rootDir>/test/support/kit.ts';

module.exports = config;
