module.exports = { ...require('../../../jest.preset.cjs'), displayName: 'server-tournaments', rootDir: __dirname };
