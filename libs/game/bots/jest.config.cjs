module.exports = { ...require('../../../jest.preset.cjs'), displayName: 'game-bots', rootDir: __dirname };
