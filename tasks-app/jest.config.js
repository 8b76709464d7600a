/** Unit tests of tasks-app: its screen files against the route table (read as text, without the kit's views). */
const config = require('../shared-utility/build/jest-app-config').createAppJestConfig(__dirname, 'tasks-app');
config.setupFiles = [];
module.exports = config;
