import { performance } from 'node:perf_hooks';
import { Gauge, type Registry } from 'prom-client';
import type { WriteTiming } from '@liars-dice/event-store-sqlite';
import { StepHistogram } from '@liars-dice/server-platform';

/** Seconds: from half a millisecond (a quiet step) to two seconds (a step stuck behind a long queue). */
const BUCKETS = [0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2];

/**
 * Where a command's time goes on its way through this process (ADR 0028), on /metrics as
 * `liars_dice_path_seconds{segment}`: each append's steps through the SQLite writer thread (`append_*`, see
 * `WriteTiming`) and each GraphQL request over HTTP from its request event to its answer's end (`http_request`); also the
 * main thread's event-loop utilisation since the previous scrape. Cheap enough to stay on: a few histogram
 * observations per command.
 */
export class PathTimings {
  private readonly seconds = new StepHistogram('liars_dice_path_seconds', 'Time spent in each step of a command through the API process', 'segment', BUCKETS);
  private readonly groups = new StepHistogram('liars_dice_append_group_size', 'Appends committed together by the SQLite writer, per append', 'store', [1, 2, 4, 8, 16, 32, 64, 128, 256]);
  private readonly steps = {
    queued: this.seconds.of('append_queued'),
    toWriter: this.seconds.of('append_to_writer'),
    inWriter: this.seconds.of('append_in_writer'),
    commit: this.seconds.of('append_commit'),
    toMain: this.seconds.of('append_to_main'),
    group: this.groups.of('sqlite'),
  };
  private readonly others = new Map<string, (seconds: number) => void>();
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
    registry.registerMetric(this.seconds.asMetric());
    registry.registerMetric(this.groups.asMetric());
    registry.registerMetric(this.loop);
  }

  /** One append's steps (milliseconds in, seconds out). */
  readonly write = (timing: WriteTiming): void => {
    const { steps } = this;
    steps.queued(timing.queued / 1000);
    steps.toWriter(timing.toWriter / 1000);
    steps.inWriter(timing.inWriter / 1000);
    steps.commit(timing.commit / 1000);
    steps.toMain(timing.toMain / 1000);
    steps.group(timing.group);
  };

  /**
   * Each request's time from its request event to the end of its answer (`http_request`); server.ts calls it from
   * Fastify's onRequest hook for /graphql.
   */
  httpRequests(): (req: unknown, res: { once(event: 'finish', listener: () => void): unknown }, next: () => void) => void {
    const observe = this.seconds.of('http_request');
    return (_req, res, next) => {
      const started = performance.now();
      res.once('finish', () => observe((performance.now() - started) / 1000));
      next();
    };
  }

  /** A step measured by its caller, in milliseconds. */
  observe(segment: string, ms: number): void {
    let recorder = this.others.get(segment);
    if (!recorder) this.others.set(segment, (recorder = this.seconds.of(segment)));
    recorder(ms / 1000);
  }
}
