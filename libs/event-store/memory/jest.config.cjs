module.exports = {
  ...require('../../../jest.preset.cjs'),
  displayName: 'event-store-memory',
  rootDir: __dirname,
};
