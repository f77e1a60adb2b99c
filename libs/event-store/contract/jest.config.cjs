module.exports = {
  ...require('../../../jest.preset.cjs'),
  displayName: 'event-store-contract',
  rootDir: __dirname,
};
