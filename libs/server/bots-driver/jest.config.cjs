module.exports = { ...require('../../../jest.preset.cjs'), displayName: 'server-bots-driver', rootDir: __dirname };
