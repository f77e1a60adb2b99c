// The tests' type-check setup: `npm test` fails early when tsconfig.spec.json leaves out a built project.
const fs = require('node:fs');
const path = require('node:path');

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

module.exports = { specReferencesMissing };
