module.exports = require('@flexpay/shared-utility/build/webpack-factory').createAppConfig(__dirname, 'people-app');
