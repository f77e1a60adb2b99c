import { Registry } from 'prom-client';
import { PathTimings } from './path-timings';

describe("the API's path timings on /metrics", () => {
  it('given one append reported by the store and one HTTP request, when /metrics is read, then each step holds its one observation in seconds, with the group size and the loop utilisation', async () => {
    const registry = new Registry();
    const timings = new PathTimings();
    timings.register(registry);

    timings.write({ queued: 0.3, toWriter: 1.5, inWriter: 0.1, commit: 4, toMain: 30, group: 3 });
    timings.observe('http_request', 45);
    const text = await registry.metrics();

    const steps = Object.fromEntries(
      [...text.matchAll(/^liars_dice_path_seconds_sum\{segment="([^"]+)"\} (\S+)\nliars_dice_path_seconds_count\{segment="[^"]+"\} (\S+)$/gm)].map(([, step, sum, count]) => [step, [Number(count), Number(Number(sum).toFixed(6))]]),
    );
    expect(steps).toEqual({
      append_queued: [1, 0.0003],
      append_to_writer: [1, 0.0015],
      append_in_writer: [1, 0.0001],
      append_commit: [1, 0.004],
      append_to_main: [1, 0.03],
      http_request: [1, 0.045],
    });
    expect(text).toContain('liars_dice_append_group_size_bucket{le="4",store="sqlite"} 1');
    const utilization = Number(/^liars_dice_event_loop_utilization ([0-9.e-]+)$/m.exec(text)?.[1]);
    expect(utilization).toBeGreaterThanOrEqual(0);
    expect(utilization).toBeLessThanOrEqual(1);
  });
});
