import type { ApiSample } from './api-sampler';
import { movesIn, sampleFrom } from './api-sampler';
import { soakGrowth, soakMemory } from './tables-report';

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
liars_dice_process_resident_bytes{kind="anon"} 209715200
liars_dice_process_resident_bytes{kind="file"} 52428800
liars_dice_thread_memory_bytes{thread="main",kind="heapTotal"} 125829120
liars_dice_thread_memory_bytes{thread="main",kind="heapUsed"} 62914560
liars_dice_thread_memory_bytes{thread="projections",kind="heapTotal"} 41943040
liars_dice_thread_task_id{thread="main"} 4100
liars_dice_thread_task_id{thread="edge"} 4107
`;

describe('reading the API\'s /metrics', () => {
  it('given prom-client\'s text, then the process figures and the accepted moves of every seat (lobby commands and refusals left out)', () => {
    expect(movesIn(METRICS)).toBe(1060);
    expect(sampleFrom(METRICS, 5)).toEqual({
      at: 5,
      rssBytes: 268435456,
      cpuSeconds: 12.5,
      eventLoopP99Ms: 21.5,
      handles: 2041,
      moves: 1060,
      resident: { anon: 200 * 2 ** 20, file: 50 * 2 ** 20 },
      heaps: { main: 120 * 2 ** 20, projections: 40 * 2 ** 20 },
      spaces: {},
      taskIds: { main: 4100, edge: 4107 },
      steps: {},
    });
  });

  it('given per-thread handle counts, then the handles are every thread\'s sum (the clients\' sockets are the edge thread\'s), not the main thread\'s alone', () => {
    const text = `${METRICS}liars_dice_thread_active_handles{thread="main"} 7\nliars_dice_thread_active_handles{thread="edge"} 2950\nliars_dice_thread_active_handles{thread="projections"} 3\n`;
    expect(sampleFrom(text, 5).handles).toBe(2960);
  });

  it('given per-thread heap spaces, then each is kept under thread/space', () => {
    const text = `${METRICS}liars_dice_thread_heap_space_bytes{thread="main",space="new"} 33554432\nliars_dice_thread_heap_space_bytes{thread="cpu-seats",space="old"} 1048576\n`;
    expect(sampleFrom(text, 5).spaces).toEqual({ 'main/new': 32 * 2 ** 20, 'cpu-seats/old': 2 ** 20 });
  });
});

describe('the soak\'s growth figures', () => {
  const sample = (at: number, rssMiB: number, handles: number): ApiSample => ({ at, rssBytes: rssMiB * 2 ** 20, cpuSeconds: 0, eventLoopP99Ms: 0, handles, moves: 0, resident: {}, heaps: {}, spaces: {}, taskIds: {}, steps: {} });

  it('given samples every 5 s, then medians over the minute after the warm-up and the last minute are compared (the warm-up itself ignored)', () => {
    const samples = Array.from({ length: 121 }, (_, i) => sample(i * 5000, i < 24 ? 100 : i > 108 ? 330 : 300, i > 108 ? 2100 : 2000));
    expect(soakGrowth(samples, 120_000)).toEqual({ rss: [300 * 2 ** 20, 330 * 2 ** 20], handles: [2000, 2100] });
  });
});

describe('where the soak\'s memory is', () => {
  const MiB = 2 ** 20;
  const sample = (at: number, late: boolean): ApiSample => ({
    at,
    rssBytes: 0,
    cpuSeconds: 0,
    eventLoopP99Ms: 0,
    handles: 0,
    moves: 0,
    resident: { anon: (late ? 500 : 400) * MiB, file: 50 * MiB },
    heaps: late ? { main: 300 * MiB, projections: 90 * MiB } : { main: 250 * MiB, projections: 80 * MiB },
    spaces: late ? { 'main/new': 32 * MiB, 'main/old': 260 * MiB } : { 'main/new': 16 * MiB, 'main/old': 230 * MiB },
    taskIds: {},
    steps: {},
  });

  it('given samples reporting resident kinds and thread heaps, then each is compared over the same spans as the RSS verdict', () => {
    const samples = Array.from({ length: 121 }, (_, i) => sample(i * 5000, i > 108));
    expect(soakMemory(samples, 120_000)).toBe(
      '- where the memory is (medians over the same two spans; not a verdict): resident anon 400 MiB → 500 MiB, file 50 MiB → 50 MiB; V8 heap total by thread: main 250 MiB → 300 MiB, projections 80 MiB → 90 MiB\n' +
        '- the heaps by space (committed; new = the young generation, old = the old generation): main new 16 → 32, old 230 → 260 MiB',
    );
  });

  it('given an API that reports neither (an older build), then no line', () => {
    const samples = Array.from({ length: 121 }, (_, i) => ({ ...sample(i * 5000, false), resident: {}, heaps: {}, spaces: {} }));
    expect(soakMemory(samples, 120_000)).toBe('');
  });
});
