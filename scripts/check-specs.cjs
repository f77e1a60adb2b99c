// Every Jest project must have at least one test of its own. Jest's "no tests found" only fails a whole run, so
// a package whose specs are all missing would pass unnoticed inside `npm test` (jest.config.cjs does not set
// passWithNoTests): this guard names such packages and fails first.
const fs = require('node:fs');
const path = require('node:path');

const TEST_FILE = /\.(spec|int-spec|e2e-spec)\.ts$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'coverage', '.next']);

function hasTest(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory() && !SKIPPED_DIRS.has(entry.name) && hasTest(path.join(dir, entry.name))) return true;
    if (entry.isFile() && TEST_FILE.test(entry.name)) return true;
  }
  return false;
}

/** The Jest projects (from jest.config.cjs) without any *.spec.ts, *.int-spec.ts or *.e2e-spec.ts. */
function projectsWithoutTests(root) {
  const { projects } = require(path.join(root, 'jest.config.cjs'));
  return projects.filter((dir) => !hasTest(dir)).map((dir) => path.relative(root, dir));
}

/**
 * The built projects (tsconfig.json's references) that tsconfig.spec.json does not reference. The tests' type-check
 * reads a referenced project's sources as the declarations `tsc -b` wrote, so it checks only the tests and the
 * test helpers; a project left out would still be checked, but its sources again, as in the build (docs/adr/0025).
 */
function specReferencesMissing(root) {
  const paths = (file) => (JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')).references ?? []).map((r) => path.normalize(r.path));
  const referenced = new Set(paths('tsconfig.spec.json'));
  return paths('tsconfig.json').filter((p) => !referenced.has(p));
}

module.exports = { projectsWithoutTests, specReferencesMissing };
