module.exports = { ...require('../../jest.preset.cjs'), displayName: 'bench', rootDir: __dirname };
