module.exports = {
  ...require('../../../jest.preset.cjs'),
  displayName: 'event-store-esdb-test-server',
  rootDir: __dirname,
};
