// Orders the test files so the long ones start first. Jest's own order is: files that failed last time, then files
// it has no timing for by size, then the rest by their last duration. A fresh clone (CI's) has no timings, and size
// is a poor guess here: a short e2e file that starts an API and kills it three times outlasts a long unit file, and
// a small contract file that drives the whole store over gRPC outlasts both. Without Jest's own timing a file's
// guess is its duration in a recorded run (tools/jest-durations.json, the files that took 5 s or more), else its
// size weighted by the test level in the name, so the long files start while the other worker still has short ones
// to run, instead of one of them finishing alone at the end (docs/adr/0025).
const fs = require('node:fs');
const path = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;

const WEIGHTS = [
  [/\.e2e-spec\.ts$/, 8],
  [/\.int-spec\.ts$/, 3],
];
// About how many weighted bytes of test file take a second (the recorded files' median is about 1,800): puts a
// guessed file on the recorded files' scale.
const BYTES_PER_SECOND = 2_000;
const root = path.resolve(__dirname, '..');
const RECORDED = readRecorded();

function readRecorded() {
  const file = path.join(__dirname, 'jest-durations.json');
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')).seconds : {};
}

/** Seconds: the recorded duration, else the weighted size on the same scale. */
function estimate(file) {
  const recorded = RECORDED[path.relative(root, file).split(path.sep).join('/')];
  if (recorded !== undefined) return recorded;
  const weight = WEIGHTS.find(([pattern]) => pattern.test(file))?.[1] ?? 1;
  return (fs.statSync(file).size * weight) / BYTES_PER_SECOND;
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
