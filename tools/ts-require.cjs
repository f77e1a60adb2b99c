// Lets a worker thread or child process run the workspace's TypeScript sources directly (as Jest does),
// so tests never depend on a stale build: .ts files are compiled with SWC on require, and workspace
// imports (@liars-dice/*) resolve to their sources through tsconfig.base.json "paths".
const fs = require('node:fs');
const path = require('node:path');
const Module = require('node:module');
const crypto = require('node:crypto');
const { threadId } = require('node:worker_threads');

const root = path.resolve(__dirname, '..');
const { compilerOptions } = JSON.parse(fs.readFileSync(path.join(root, 'tsconfig.base.json'), 'utf8'));
const aliases = new Map(
  Object.entries(compilerOptions.paths).map(([name, [target]]) => [name, path.join(root, target)]),
);

const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return resolve.call(this, aliases.get(request) ?? request, ...rest);
};

// The compiled code of each source, by the SHA-1 of the source, SWC's version and the options: every worker thread a
// test starts would compile the same few hundred files again.
// Jest keeps its transforms the same way, under its own cache directory.
const OPTIONS = {
  sourceMaps: 'inline',
  // As the Jest preset: Nest's dependency injection reads the constructor types from decorator metadata.
  jsc: { parser: { syntax: 'typescript', decorators: true }, transform: { legacyDecorator: true, decoratorMetadata: true }, target: 'es2022' },
  module: { type: 'commonjs' },
};
const cacheDir = path.join(root, 'node_modules', '.cache', 'ts-require');
// SWC itself loads on the first miss only: a thread whose files are all cached never loads its native binding.
let swc;
const salt = `${require('@swc/core/package.json').version}\0${JSON.stringify(OPTIONS)}`;

function compiled(filename) {
  const source = fs.readFileSync(filename, 'utf8');
  const key = crypto.createHash('sha1').update(salt).update('\0').update(filename).update('\0').update(source).digest('hex');
  const cached = path.join(cacheDir, `${key}.js`);
  try {
    return fs.readFileSync(cached, 'utf8');
  } catch {
    swc ??= require('@swc/core');
    const { code } = swc.transformSync(source, { ...OPTIONS, filename });
    // Written aside and renamed: threads and processes compiling the same file at once never read half of one.
    const temporary = `${cached}.${process.pid}.${threadId}.tmp`;
    try {
      fs.mkdirSync(cacheDir, { recursive: true });
      fs.writeFileSync(temporary, code);
      fs.renameSync(temporary, cached);
    } catch {
      // A cache that cannot be written only costs the next start its compile.
    }
    return code;
  }
}

require.extensions['.ts'] = function (module, filename) {
  module._compile(compiled(filename), filename);
};
