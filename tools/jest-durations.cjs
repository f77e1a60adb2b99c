// Records which test files are slow, for tools/jest-sequencer.cjs to start them first on a fresh clone (where Jest
// has no timings of its own). From a Jest JSON report of a whole run:
//   npm test -- --json --outputFile=/tmp/jest.json && node tools/jest-durations.cjs /tmp/jest.json
// Files under 5 s are left out (their order hardly matters; the sequencer guesses them from their size).
const fs = require('node:fs');
const path = require('node:path');

const SLOW_SECONDS = 5;
const root = path.resolve(__dirname, '..');

function main([report] = process.argv.slice(2)) {
  if (!report) throw new Error('usage: node tools/jest-durations.cjs <jest --json report>');
  const { testResults } = JSON.parse(fs.readFileSync(report, 'utf8'));
  if (!Array.isArray(testResults)) throw new Error(`${report}: not a Jest JSON report (no testResults)`);
  const seconds = Object.fromEntries(
    testResults
      .map((r) => [path.relative(root, r.name).split(path.sep).join('/'), Math.round((r.endTime - r.startTime) / 1000)])
      .filter(([, s]) => s >= SLOW_SECONDS)
      .sort((a, b) => b[1] - a[1]),
  );
  const out = path.join(__dirname, 'jest-durations.json');
  fs.writeFileSync(out, `${JSON.stringify({ recorded: new Date().toISOString().slice(0, 10), seconds }, null, 2)}\n`);
  process.stderr.write(`${Object.keys(seconds).length} files of ${testResults.length} took ${SLOW_SECONDS} s or more: ${path.relative(root, out)}\n`);
}

main();
