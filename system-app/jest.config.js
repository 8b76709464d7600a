/** Unit tests of system-app. */
module.exports = require('../shared-utility/build/jest-app-config').createAppJestConfig(__dirname, 'system-app');
