module.exports = { ...require('../../../jest.preset.cjs'), displayName: 'server-moderation', rootDir: __dirname };
