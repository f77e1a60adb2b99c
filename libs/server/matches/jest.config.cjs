module.exports = { ...require('../../../jest.preset.cjs'), displayName: 'server-matches', rootDir: __dirname };
