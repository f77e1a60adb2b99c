// `npm test`: install what is missing, then lint, type-check (sources and tests), every Jest project, and the
// console's production build and browser tests (scripts/console.cjs).
const path = require('node:path');
const { root, run, runConcurrently, log, ensureDependencies, pruneStaleOutputs } = require('./lib.cjs');
const { projectsWithoutTests } = require('./check-specs.cjs');

const env = { NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false', NEXT_TELEMETRY_DISABLED: '1' };
const bin = (p) => path.join(root, 'node_modules', p);
const started = Date.now();

async function main() {
  ensureDependencies();
  const untested = projectsWithoutTests(root);
  if (untested.length > 0) {
    log(`failed: Jest projects without a test of their own: ${untested.join(', ')}. Each needs at least one *.spec.ts, *.int-spec.ts or *.e2e-spec.ts.`);
    process.exit(1);
  }
  // The module-boundary rule reads Nx's cached project graph; compute it first (no daemon, no cloud).
  run(process.execPath, [bin('nx/dist/bin/nx.js'), 'show', 'projects'], { env, quiet: true });
  // Lint, the build and the tests' type-check read the sources only and each uses one core: run them side by side.
  pruneStaleOutputs();
  await runConcurrently([
    ['lint', process.execPath, [bin('eslint/bin/eslint.js'), '--max-warnings', '0', '.'], { env }],
    ['build (tsc -b)', process.execPath, [bin('typescript/bin/tsc'), '-b']],
    ['typecheck tests', process.execPath, [bin('typescript/bin/tsc'), '-p', 'tsconfig.spec.json']],
  ]);
  run(process.execPath, [bin('jest/bin/jest.js'), '--ci', ...process.argv.slice(2)], { env, timed: 'jest' });
  await require('./console.cjs').browserTests();
  log(`npm test finished in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

main().catch((error) => {
  log(`failed: ${error.stack ?? error}`);
  process.exit(1);
});
