import type { Metric } from 'prom-client';

/** One printed line, as prom-client's registry formats it. */
interface Line {
  readonly labels: Readonly<Record<string, string | number>>;
  readonly value: number;
  readonly metricName: string;
}

interface Series {
  readonly counts: number[];
  sum: number;
  count: number;
}

/**
 * A Prometheus histogram with one label whose observation is an array increment: prom-client's own validates and
 * hashes its labels on every call, several times per append on the main thread (ADR 0028). The registry reads it
 * like any metric (`get`, `reset`); it prints what prom-client's would.
 */
export class StepHistogram {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly series = new Map<string, Series>();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly label: string,
    private readonly bounds: readonly number[],
  ) {}

  /** The recorder of one label value: call it with each observation. */
  of(value: string): (observed: number) => void {
    let series = this.series.get(value);
    if (!series) this.series.set(value, (series = { counts: this.bounds.map(() => 0), sum: 0, count: 0 }));
    const { bounds } = this;
    const kept = series;
    return (observed) => {
      kept.sum += observed;
      kept.count += 1;
      for (let i = 0; i < bounds.length; i++) {
        if (observed > (bounds[i] as number)) continue;
        kept.counts[i] = (kept.counts[i] as number) + 1;
        return;
      }
    };
  }

  get(): { name: string; help: string; type: 'histogram'; aggregator: 'sum'; values: Line[] } {
    const values: Line[] = [];
    for (const [value, series] of this.series) {
      let cumulative = 0;
      this.bounds.forEach((le, i) => {
        cumulative += series.counts[i] as number;
        values.push({ labels: { le, [this.label]: value }, value: cumulative, metricName: `${this.name}_bucket` });
      });
      values.push({ labels: { le: '+Inf', [this.label]: value }, value: series.count, metricName: `${this.name}_bucket` });
      values.push({ labels: { [this.label]: value }, value: series.sum, metricName: `${this.name}_sum` });
      values.push({ labels: { [this.label]: value }, value: series.count, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }

  reset(): void {
    for (const series of this.series.values()) {
      series.counts.fill(0);
      series.sum = 0;
      series.count = 0;
    }
  }

  /** As the registry takes it. */
  asMetric(): Metric {
    return this as unknown as Metric;
  }
}
