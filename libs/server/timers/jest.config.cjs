module.exports = { ...require('../../../jest.preset.cjs'), displayName: 'server-timers', rootDir: __dirname };
