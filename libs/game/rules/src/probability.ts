/**
 * Odds for bots and the rules page: the chance that at least `k` of `unseen` dice show a face, when each
 * die counts with probability 1/6 (a bid on 1s, or no wild 1s) or 1/3 (wild 1s count for faces 2–6).
 */
export function chanceAtLeast(k: number, unseen: number, wild: boolean): number {
  return binomialTailAtLeast(k, unseen, wild ? 1 / 3 : 1 / 6);
}

/** P[X ≥ k] for X ~ Binomial(n, p), summed from the smaller tail for accuracy. */
export function binomialTailAtLeast(k: number, n: number, p: number): number {
  if (k <= 0) return 1;
  if (k > n) return 0;
  let term = Math.pow(1 - p, n); // P[X = 0]
  let below = 0;
  for (let i = 0; i < k; i++) {
    below += term;
    term *= ((n - i) / (i + 1)) * (p / (1 - p));
  }
  return Math.min(1, Math.max(0, 1 - below));
}

/** P[X = k] for X ~ Binomial(n, p): the chance a spot-on call is exactly right. */
export function binomialExactly(k: number, n: number, p: number): number {
  if (k < 0 || k > n) return 0;
  let coefficient = 1;
  for (let i = 0; i < k; i++) coefficient = (coefficient * (n - i)) / (i + 1);
  return coefficient * Math.pow(p, k) * Math.pow(1 - p, n - k);
}
