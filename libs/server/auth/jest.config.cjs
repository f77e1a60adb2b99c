module.exports = { ...require('../../../jest.preset.cjs'), displayName: 'server-auth', rootDir: __dirname };
