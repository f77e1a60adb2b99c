module.exports = { ...require('../../../jest.preset.cjs'), displayName: 'game-scenario', rootDir: __dirname };
