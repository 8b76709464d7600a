/** Unit tests of people-app. */
module.exports = require('../shared-utility/build/jest-app-config').createAppJestConfig(__dirname, 'people-app');
