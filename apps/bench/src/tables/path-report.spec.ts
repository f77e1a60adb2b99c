import { boundAt, between, histogramsIn, splitLines, stepLines } from './path-report';
import { TablesMeasurements } from './table-measurements';

const scrape = (queued: [number, number, number], commands: number) => `# HELP liars_dice_path_seconds Time spent in each step
liars_dice_path_seconds_bucket{le="0.001",segment="append_queued"} ${queued[0]}
liars_dice_path_seconds_bucket{le="0.01",segment="append_queued"} ${queued[1]}
liars_dice_path_seconds_bucket{le="0.1",segment="append_queued"} ${queued[2]}
liars_dice_path_seconds_bucket{le="+Inf",segment="append_queued"} ${queued[2]}
liars_dice_path_seconds_sum{segment="append_queued"} ${queued[2] * 0.002}
liars_dice_path_seconds_count{segment="append_queued"} ${queued[2]}
liars_dice_command_seconds_bucket{le="0.025",command="PlaceBidCommand"} ${commands}
liars_dice_command_seconds_bucket{le="+Inf",command="PlaceBidCommand"} ${commands}
liars_dice_command_seconds_sum{command="PlaceBidCommand"} ${commands * 0.01}
liars_dice_command_seconds_count{command="PlaceBidCommand"} ${commands}
liars_dice_command_seconds_count{command="JoinMatchCommand"} 7
nodejs_gc_duration_seconds_bucket{le="0.01",kind="major"} 0
nodejs_gc_duration_seconds_bucket{le="0.1",kind="major"} ${commands / 5}
nodejs_gc_duration_seconds_bucket{le="+Inf",kind="major"} ${commands / 5}
nodejs_gc_duration_seconds_sum{kind="major"} ${(commands / 5) * 0.05}
nodejs_gc_duration_seconds_count{kind="major"} ${commands / 5}
nodejs_gc_duration_seconds_count{kind="incremental"} 3
`;

describe("the API's path steps in the simulation's report", () => {
  it('given two scrapes, when the window between them is read, then each step counts only what it observed in between', () => {
    const first = histogramsIn(scrape([10, 10, 10], 5));
    const last = histogramsIn(scrape([60, 108, 110], 105));

    const queued = between(first['append_queued'], last['append_queued'] as NonNullable<(typeof last)['append_queued']>);

    expect(Object.keys(last).sort()).toEqual(['append_queued', 'command:PlaceBidCommand', 'gc:major']);
    expect(queued).toEqual({ bounds: [0.001, 0.01, 0.1], counts: [50, 98, 100], sum: expect.closeTo(0.2, 6), count: 100 });
    expect([boundAt(queued, 0.5), boundAt(queued, 0.99)]).toEqual(['≤ 1.0 ms', '≤ 100.0 ms']);
    expect(stepLines(first, last)).toEqual([
      '| PlaceBid command (dispatcher → result: decide, append, fold) | 100 | 10.00 ms | ≤ 25.0 ms | ≤ 25.0 ms |',
      '| append: queued on the main thread → posted to the writer | 100 | 2.00 ms | ≤ 1.0 ms | ≤ 100.0 ms |',
      "| API main thread: full collections (mark-compact), V8's pause only | 20 | 50.00 ms | ≤ 100.0 ms | ≤ 100.0 ms |",
    ]);
  });

  it('given an API that reports no steps (an older build), then the report prints none', () => {
    expect(stepLines(undefined, histogramsIn('process_cpu_seconds_total 1\n'))).toEqual([]);
  });

  it('given mutations split at the commit stamp, then the slowest 1 % say how much of their time came before the commit', () => {
    const measured = new TablesMeasurements();
    for (let i = 0; i < 99; i++) {
      measured.split.toCommit.push(10);
      measured.split.afterCommit.push(5);
    }
    measured.split.toCommit.push(300);
    measured.split.afterCommit.push(20);

    const lines = splitLines(measured);

    expect(lines[2]).toBe('| the slowest 1 % of mutations (1, ≥ 320.00 ms): mean before / after the commit | 300.00 ms / 20.00 ms |');
  });
});
