module.exports = { ...require('../../../jest.preset.cjs'), displayName: 'game-fairness', rootDir: __dirname };
