module.exports = { ...require('../../../jest.preset.cjs'), displayName: 'game-rules', rootDir: __dirname };
