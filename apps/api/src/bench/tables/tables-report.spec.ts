import type { ApiSample } from './api-sampler';
import { movesIn, sampleFrom } from './api-sampler';
import { soakGrowth } from './tables-report';

const METRICS = `# HELP process_cpu_seconds_total Total user and system CPU time spent in seconds.
process_cpu_seconds_total 12.5
process_resident_memory_bytes 268435456
nodejs_eventloop_lag_p99_seconds 0.0215
nodejs_active_handles_total 2041
liars_dice_commands_total{command="PlaceBidCommand",outcome="ok"} 900
liars_dice_commands_total{command="PlaceBidCommand",outcome="RuleViolation"} 4
liars_dice_commands_total{command="CallLiarCommand",outcome="ok"} 150
liars_dice_commands_total{command="CallSpotOnCommand",outcome="ok"} 10
liars_dice_commands_total{command="JoinMatchCommand",outcome="ok"} 70
`;

describe('reading the API\'s /metrics', () => {
  it('given prom-client\'s text, then the process figures and the accepted moves of every seat (lobby commands and refusals left out)', () => {
    expect(movesIn(METRICS)).toBe(1060);
    expect(sampleFrom(METRICS, 5)).toEqual({ at: 5, rssBytes: 268435456, cpuSeconds: 12.5, eventLoopP99Ms: 21.5, handles: 2041, moves: 1060 });
  });
});

describe('the soak\'s growth figures', () => {
  const sample = (at: number, rssMiB: number, handles: number): ApiSample => ({ at, rssBytes: rssMiB * 2 ** 20, cpuSeconds: 0, eventLoopP99Ms: 0, handles, moves: 0 });

  it('given samples every 5 s, then medians over the minute after the warm-up and the last minute are compared (the warm-up itself ignored)', () => {
    const samples = Array.from({ length: 121 }, (_, i) => sample(i * 5000, i < 24 ? 100 : i > 108 ? 330 : 300, i > 108 ? 2100 : 2000));
    expect(soakGrowth(samples, 120_000)).toEqual({ rss: [300 * 2 ** 20, 330 * 2 ** 20], handles: [2000, 2100] });
  });
});
