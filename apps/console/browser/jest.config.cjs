// The console's browser tests: one API, one `next start`, Debian's Chromium (scripts/console.cjs runs this after
// the production build). Not a workspace Jest project: `npm test` runs it as its own step.
const path = require('node:path');
const preset = require('../../../jest.preset.cjs');

module.exports = {
  ...preset,
  displayName: 'console-browser',
  rootDir: __dirname,
  testMatch: ['<rootDir>/**/*.e2e-spec.ts'],
  globalSetup: path.join(__dirname, 'support/global-setup.cjs'),
  globalTeardown: path.join(__dirname, 'support/global-teardown.cjs'),
  testTimeout: 120_000,
};
