// Lets a worker thread or child process run the workspace's TypeScript sources directly (as Jest does),
// so tests never depend on a stale build: .ts files are compiled with SWC on require, and workspace
// imports (@liars-dice/*) resolve to their sources through tsconfig.base.json "paths".
const fs = require('node:fs');
const path = require('node:path');
const Module = require('node:module');
const swc = require('@swc/core');

const root = path.resolve(__dirname, '..');
const { compilerOptions } = JSON.parse(fs.readFileSync(path.join(root, 'tsconfig.base.json'), 'utf8'));
const aliases = new Map(
  Object.entries(compilerOptions.paths).map(([name, [target]]) => [name, path.join(root, target)]),
);

const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return resolve.call(this, aliases.get(request) ?? request, ...rest);
};

require.extensions['.ts'] = function (module, filename) {
  const { code } = swc.transformSync(fs.readFileSync(filename, 'utf8'), {
    filename,
    sourceMaps: 'inline',
    // As the Jest preset: Nest's dependency injection reads the constructor types from decorator metadata.
    jsc: { parser: { syntax: 'typescript', decorators: true }, transform: { legacyDecorator: true, decoratorMetadata: true }, target: 'es2022' },
    module: { type: 'commonjs' },
  });
  module._compile(code, filename);
};
