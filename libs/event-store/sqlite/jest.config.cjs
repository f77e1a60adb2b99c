module.exports = {
  ...require('../../../jest.preset.cjs'),
  displayName: 'event-store-sqlite',
  rootDir: __dirname,
};
