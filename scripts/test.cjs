// `npm test`: install what is missing, then lint, type-check (sources and tests), every Jest project, and the
// console's production build and browser tests (scripts/console.cjs). How the steps share CI's 2 cores:
// docs/adr/0025.
const path = require('node:path');
const { root, run, runConcurrently, log, ensureDependencies, pruneStaleOutputs } = require('./lib.cjs');
const { specReferencesMissing } = require('./check-specs.cjs');

const env = { NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false', NEXT_TELEMETRY_DISABLED: '1' };
const bin = (p) => path.join(root, 'node_modules', p);
const started = Date.now();

async function main() {
  ensureDependencies();
  const unreferenced = specReferencesMissing(root);
  if (unreferenced.length > 0) {
    log(`failed: tsconfig.spec.json does not reference ${unreferenced.join(', ')} (tsconfig.json does): add them, or the tests' type-check checks their sources again.`);
    process.exit(1);
  }
  // The module-boundary rule reads Nx's cached project graph; compute it first (no daemon, no cloud).
  run(process.execPath, [bin('nx/dist/bin/nx.js'), 'show', 'projects'], { env, quiet: true });
  // Lint and the build read the sources only and each uses one core: run them side by side.
  pruneStaleOutputs();
  await runConcurrently([
    ['lint', process.execPath, [bin('eslint/bin/eslint.js'), '--max-warnings', '0', '.'], { env }],
    ['build (tsc -b)', process.execPath, [bin('typescript/bin/tsc'), '-b']],
  ]);
  // Jest's two workers leave CPU idle while e2e tests wait on child APIs, timers and sockets, and the browser tests
  // mostly wait on pages, pushes and CPU seats: the console's production build and its browser tests run beside Jest
  // (they need only the build's output). The tests' type-check reads the declarations `tsc -b` wrote, so it checks the
  // tests, not the sources again; it runs ten nice levels lower and takes what the others leave.
  await runConcurrently([
    ['jest', process.execPath, [bin('jest/bin/jest.js'), '--ci', ...process.argv.slice(2)], { env, live: true }],
    ['typecheck tests', process.execPath, [bin('typescript/bin/tsc'), '-p', 'tsconfig.spec.json'], { background: true }],
    ['console build and browser tests', process.execPath, [path.join(root, 'scripts/console.cjs'), 'browser-tests'], { env }],
  ]);
  log(`npm test finished in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

main().catch((error) => {
  log(`failed: ${error.stack ?? error}`);
  process.exit(1);
});
