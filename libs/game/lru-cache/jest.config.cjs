module.exports = { ...require('../../../jest.preset.cjs'), displayName: 'game-lru-cache', rootDir: __dirname };
