import type { Registry } from 'prom-client';

/** The few numbers an operator looks at first; the rest stays on /metrics. Null: not measured in this process. */
export interface ServiceMetrics {
  readonly uptimeSeconds: number | null;
  readonly residentBytes: number | null;
  readonly eventLoopLagP99Seconds: number | null;
  /** Commands that succeeded, and those refused (a rule, a bad input, a conflict: every outcome but ok and fenced). */
  readonly commandsOk: number;
  readonly commandsRefused: number;
  readonly projectionApplications: number;
  /** Mean time from the store's commit of an event to the read-model commit that applied it. */
  readonly projectionLagMeanSeconds: number | null;
}

interface Sample {
  readonly value: number;
  readonly labels: Readonly<Record<string, string | number | undefined>>;
  readonly metricName?: string;
}

/**
 * Reads the chosen metrics one by one from the app's registry (never every collector, as a scrape does: the
 * projections' lag gauges read the store) as prom-client reports them.
 */
export async function readServiceMetrics(registry: Registry, now: number): Promise<ServiceMetrics> {
  const samples = async (name: string): Promise<readonly Sample[]> => ((await registry.getSingleMetric(name)?.get())?.values ?? []) as readonly Sample[];
  const one = async (name: string, metricName = name): Promise<number | null> => (await samples(name)).find((s) => (s.metricName ?? name) === metricName)?.value ?? null;
  const [started, resident, lagP99, commands, applied, lagSum, lagCount] = await Promise.all([
    one('process_start_time_seconds'),
    one('process_resident_memory_bytes'),
    one('nodejs_eventloop_lag_p99_seconds'),
    samples('liars_dice_commands_total'),
    one('liars_dice_projection_applications_total'),
    one('liars_dice_projection_lag_seconds', 'liars_dice_projection_lag_seconds_sum'),
    one('liars_dice_projection_lag_seconds', 'liars_dice_projection_lag_seconds_count'),
  ]);
  const total = (keep: (outcome: string) => boolean) => commands.filter((s) => keep(String(s.labels['outcome']))).reduce((sum, s) => sum + s.value, 0);
  return {
    uptimeSeconds: started === null ? null : Math.max(0, now / 1000 - started),
    residentBytes: resident,
    eventLoopLagP99Seconds: lagP99,
    commandsOk: total((outcome) => outcome === 'ok'),
    commandsRefused: total((outcome) => outcome !== 'ok' && outcome !== 'fenced'),
    projectionApplications: applied ?? 0,
    projectionLagMeanSeconds: lagSum !== null && lagCount ? lagSum / lagCount : null,
  };
}
