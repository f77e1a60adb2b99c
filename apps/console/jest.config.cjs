// The console's unit tests (Node): catalogues, operations against the schema, odds, replay facts, plans.
// The browser tests are a separate run (browser/jest.config.cjs, after the production build).
const path = require('node:path');
const preset = require('../../jest.preset.cjs');

module.exports = {
  ...preset,
  displayName: 'console',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/browser/', '/.next/'],
  moduleNameMapper: { ...preset.moduleNameMapper, '^@/(.*)$': path.join(__dirname, 'src/$1') },
};
