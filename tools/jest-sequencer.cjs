// Orders the test files so the long ones start first. Jest's own order is: files that failed last time, then files
// it has no timing for by size, then the rest by their last duration. A fresh clone (CI's) has no timings, and size
// is a poor guess here: a short e2e file that starts an API and kills it three times outlasts a long unit file.
// Without timings the guess is the size weighted by the test level in the name, so the e2e and integration files
// start while the other worker still has unit files to run, instead of one of them finishing alone at the end.
const fs = require('node:fs');
const Sequencer = require('@jest/test-sequencer').default;

const WEIGHTS = [
  [/\.e2e-spec\.ts$/, 8],
  [/\.int-spec\.ts$/, 3],
];

function estimate(file) {
  const weight = WEIGHTS.find(([pattern]) => pattern.test(file))?.[1] ?? 1;
  return fs.statSync(file).size * weight;
}

class SlowFirstSequencer extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    const guessed = (test) => test.duration == null && !this.hasFailed(test);
    const byEstimate = sorted.filter(guessed).sort((a, b) => estimate(b.path) - estimate(a.path));
    let next = 0;
    return sorted.map((test) => (guessed(test) ? byEstimate[next++] : test));
  }
}

module.exports = SlowFirstSequencer;
