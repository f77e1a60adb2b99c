module.exports = { ...require('../../../jest.preset.cjs'), displayName: 'server-platform', rootDir: __dirname };
