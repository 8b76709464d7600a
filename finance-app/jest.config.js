/** Unit tests of finance-app. */
module.exports = require('../shared-utility/build/jest-app-config').createAppJestConfig(__dirname, 'finance-app');
