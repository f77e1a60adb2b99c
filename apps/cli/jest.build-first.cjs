// Jest globalSetup of the CLI project: its e2e tests run the built program (apps/cli/dist), as `npm run scenario`
// does, and `simulate tables` runs the built API (apps/api/dist), so build both first (an incremental `tsc -b`:
// quick when dist/ is current) and never test a stale dist/.
const { spawnSync } = require('node:child_process');
const path = require('node:path');

module.exports = function buildCli() {
  const tsc = path.join(__dirname, '..', '..', 'node_modules', 'typescript', 'bin', 'tsc');
  const projects = [path.join(__dirname, 'tsconfig.json'), path.join(__dirname, '..', 'api', 'tsconfig.json')];
  const result = spawnSync(process.execPath, [tsc, '-b', ...projects], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) throw new Error(`building apps/cli and apps/api failed (tsc -b exit ${result.status ?? result.signal}): the e2e tests would run a stale dist/`);
};
