/** Log-spaced buckets (5 % wide) from 0.1 µs: percentiles of millions of samples in a few kB. */
const RATIO = 1.05;
const FLOOR = 0.1;
const SIZE = 400;

export class Histogram {
  readonly buckets: number[];

  constructor(buckets?: readonly number[]) {
    this.buckets = buckets ? [...buckets] : new Array<number>(SIZE).fill(0);
  }

  add(micros: number): void {
    const i = micros <= FLOOR ? 0 : Math.min(SIZE - 1, Math.ceil(Math.log(micros / FLOOR) / Math.log(RATIO)));
    this.buckets[i] = (this.buckets[i] ?? 0) + 1;
  }

  merge(other: readonly number[]): void {
    other.forEach((count, i) => (this.buckets[i] = (this.buckets[i] ?? 0) + count));
  }

  get count(): number {
    return this.buckets.reduce((a, b) => a + b, 0);
  }

  /** The upper edge of the bucket holding the q-quantile, in µs. */
  quantile(q: number): number {
    const target = q * this.count;
    let seen = 0;
    for (let i = 0; i < this.buckets.length; i++) {
      seen += this.buckets[i] ?? 0;
      if (seen >= target && seen > 0) return FLOOR * Math.pow(RATIO, i);
    }
    return NaN;
  }
}

/** Wilson score interval at 95 % for k successes out of n. */
export function wilson(k: number, n: number): { rate: number; low: number; high: number } {
  if (n === 0) return { rate: NaN, low: NaN, high: NaN };
  const z = 1.959964;
  const p = k / n;
  const denominator = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / denominator;
  return { rate: p, low: centre - half, high: centre + half };
}
