module.exports = { ...require('../../../jest.preset.cjs'), displayName: 'game-match', rootDir: __dirname };
