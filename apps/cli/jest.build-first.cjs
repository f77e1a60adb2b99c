// Jest globalSetup of the CLI project: its e2e tests run the built program (apps/cli/dist), as `npm run scenario`
// does, so build it first (an incremental `tsc -b`: quick when dist/ is current) and never test a stale dist/.
const { spawnSync } = require('node:child_process');
const path = require('node:path');

module.exports = function buildCli() {
  const tsc = path.join(__dirname, '..', '..', 'node_modules', 'typescript', 'bin', 'tsc');
  const result = spawnSync(process.execPath, [tsc, '-b', path.join(__dirname, 'tsconfig.json')], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) throw new Error(`building apps/cli failed (tsc -b exit ${result.status ?? result.signal}): its e2e tests would run a stale dist/`);
};
