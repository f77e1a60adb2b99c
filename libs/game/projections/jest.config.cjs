module.exports = { ...require('../../../jest.preset.cjs'), displayName: 'game-projections', rootDir: __dirname };
