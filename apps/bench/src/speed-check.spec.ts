import { speedLine, speedSummary } from './speed-check';

describe('the machine speed check in a benchmark\'s report', () => {
  it('given the rounds of one check, then the best (also as a share of the quiet machine), the median and the worst', () => {
    expect(speedSummary({ rounds: [120_000, 80_000, 126_000, 104_000, 118_000, 97_000, 110_000] })).toBe('126k (97 %), median 110k, worst 80k');
  });

  it('given the checks before and after, then one table row that says how they were taken', () => {
    const before = { rounds: [100_000, 100_000, 100_000, 100_000, 100_000, 100_000, 117_000] };
    const after = { rounds: [39_000, 52_000, 52_000, 52_000, 52_000, 52_000, 52_000] };
    expect(speedLine({ before, after })).toBe(
      '| machine speed check before / after (JSON round trips/s in a fresh process, best of 7 × 200 ms after 1 s of warm-up; 130,000 on a quiet machine) | 117k (90 %), median 100k, worst 100k / 52k (40 %), median 52k, worst 39k |',
    );
  });
});
