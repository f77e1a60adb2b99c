module.exports = {
  ...require('../../../jest.preset.cjs'),
  displayName: 'event-store-esdb',
  rootDir: __dirname,
};
