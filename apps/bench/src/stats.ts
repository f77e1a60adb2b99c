/** The q-quantile (0..1) of a list of numbers, nearest-rank. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] as number;
}

export function ms(value: number): string {
  return Number.isNaN(value) ? 'n/a' : `${value.toFixed(2)} ms`;
}
