module.exports = { ...require('../../../jest.preset.cjs'), displayName: 'server-projections', rootDir: __dirname };
