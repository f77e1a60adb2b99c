import { performance } from 'node:perf_hooks';
import { Gauge, Histogram, type Registry } from 'prom-client';
import type { WriteTiming } from '@liars-dice/event-store-sqlite';

/** Seconds: from half a millisecond (a quiet step) to two seconds (a step stuck behind a long queue). */
const BUCKETS = [0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2];

/**
 * Where a command's time goes on its way through this process (ADR 0028), on /metrics as
 * `liars_dice_path_seconds{segment}`: each append's steps through the SQLite writer thread (`append_*`, see
 * `WriteTiming`) and each plain HTTP POST from its request event to its answer's end (`http_request`); also the
 * main thread's event-loop utilisation since the previous scrape. Cheap enough to stay on: a few histogram
 * observations per command.
 */
export class PathTimings {
  private readonly seconds = new Histogram({ name: 'liars_dice_path_seconds', help: 'Time spent in each step of a command through the API process', labelNames: ['segment'], buckets: BUCKETS, registers: [] });
  private readonly groups = new Histogram({ name: 'liars_dice_append_group_size', help: 'Appends committed together by the SQLite writer, per append', buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256], registers: [] });
  private utilization = performance.eventLoopUtilization();
  private readonly loop = new Gauge({
    name: 'liars_dice_event_loop_utilization',
    help: "Share of the main thread's time spent running JavaScript since the previous scrape",
    registers: [],
    collect: () => {
      const now = performance.eventLoopUtilization();
      this.loop.set(performance.eventLoopUtilization(now, this.utilization).utilization);
      this.utilization = now;
    },
  });

  register(registry: Registry): void {
    registry.registerMetric(this.seconds);
    registry.registerMetric(this.groups);
    registry.registerMetric(this.loop);
  }

  /** One append's steps (milliseconds in, seconds out). */
  readonly write = (timing: WriteTiming): void => {
    this.seconds.observe({ segment: 'append_queued' }, timing.queued / 1000);
    this.seconds.observe({ segment: 'append_to_writer' }, timing.toWriter / 1000);
    this.seconds.observe({ segment: 'append_in_writer' }, timing.inWriter / 1000);
    this.seconds.observe({ segment: 'append_commit' }, timing.commit / 1000);
    this.seconds.observe({ segment: 'append_to_main' }, timing.toMain / 1000);
    this.groups.observe(timing.group);
  };

  /** A step measured by its caller, in milliseconds. */
  observe(segment: string, ms: number): void {
    this.seconds.observe({ segment }, ms / 1000);
  }
}
