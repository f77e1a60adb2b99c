module.exports = { ...require('../../../jest.preset.cjs'), displayName: 'game-tournament', rootDir: __dirname };
