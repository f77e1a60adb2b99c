// Shared Jest settings: SWC transforms (type checking is a separate `tsc` step) and
// workspace imports mapped to their TypeScript sources, so tests never need a build.
const path = require('node:path');
const { compilerOptions } = require('./tsconfig.base.json');
const { checkTestSettings } = require('./tools/test-settings.cjs');

// PROPERTY_RUNS, DIFFERENTIAL_RUNS…: a malformed value fails here, before any test runs.
checkTestSettings();

const moduleNameMapper = Object.fromEntries(
  Object.entries(compilerOptions.paths).map(([name, [target]]) => [
    `^${name.replace(/[/\\^$*+?.()|[\]{}-]/g, '\\$&')}$`,
    path.join(__dirname, target),
  ]),
);

module.exports = {
  testEnvironment: 'node',
  // Worker threads and child processes start slowly on a loaded 2-core machine; a hang still fails, later.
  testTimeout: 30_000,
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript', decorators: true }, transform: { legacyDecorator: true, decoratorMetadata: true }, target: 'es2022' } },
    ],
  },
  moduleFileExtensions: ['ts', 'js', 'json'],
  testMatch: ['<rootDir>/**/*.spec.ts', '<rootDir>/**/*.int-spec.ts', '<rootDir>/**/*.e2e-spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  moduleNameMapper: {
    ...moduleNameMapper,
    // graphql-js as production runs it (tools/graphql-instance-of.cjs says why).
    '^\\.\\./jsutils/instanceOf\\.js$': path.join(__dirname, 'tools/graphql-instance-of.cjs'),
  },
};
