// The console's browser tests: one API, one `next start`, Debian's Chromium (scripts/console.cjs runs this after
// the production build). Not a workspace Jest project: `npm test` runs it as its own step.
// Three files at a time, each with its own Chromium, against the one API and `next start`: a page visit mostly waits
// (for the network to go quiet, a push, a token's expiry, a CPU seat's move), so more workers fill the idle time
// (docs/adr/0025).
// Every file makes its own accounts and matches (unique names), so none depends on running alone.
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
  maxWorkers: 3,
};
