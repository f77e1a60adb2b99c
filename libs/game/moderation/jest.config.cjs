module.exports = { ...require('../../../jest.preset.cjs'), displayName: 'game-moderation', rootDir: __dirname };
