module.exports = { ...require('../../../jest.preset.cjs'), displayName: 'game-collusion', rootDir: __dirname };
