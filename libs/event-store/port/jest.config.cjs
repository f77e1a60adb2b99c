module.exports = {
  ...require('../../../jest.preset.cjs'),
  displayName: 'event-store-port',
  rootDir: __dirname,
};
