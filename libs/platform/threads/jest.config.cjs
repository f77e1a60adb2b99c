module.exports = { ...require('../../../jest.preset.cjs'), displayName: 'platform-threads', rootDir: __dirname };
