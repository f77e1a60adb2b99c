/**
 * Tail probabilities in log space. A colluding pair's evidence is a very small chance (1e-12 and below), so
 * the sums run over logarithms; a plain `1 − sum` would round it to zero and every strong pair would tie.
 */

const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

/** ln Γ(x) for x > 0 (Lanczos, g = 7: about 15 significant digits). */
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let sum = LANCZOS[0] as number;
  for (let i = 1; i < LANCZOS.length; i++) sum += (LANCZOS[i] as number) / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

function logSumExp(terms: readonly number[]): number {
  let max = -Infinity;
  for (const t of terms) if (t > max) max = t;
  if (max === -Infinity) return -Infinity;
  let sum = 0;
  for (const t of terms) sum += Math.exp(t - max);
  return max + Math.log(sum);
}

function logBinomialPmf(k: number, n: number, p: number): number {
  if (p <= 0) return k === 0 ? 0 : -Infinity;
  if (p >= 1) return k === n ? 0 : -Infinity;
  return logGamma(n + 1) - logGamma(k + 1) - logGamma(n - k + 1) + k * Math.log(p) + (n - k) * Math.log1p(-p);
}

/** ln P[X ≤ k] for X ~ Binomial(n, p). */
export function logBinomialAtMost(k: number, n: number, p: number): number {
  if (k >= n) return 0;
  if (k < 0) return -Infinity;
  const terms: number[] = [];
  for (let i = 0; i <= k; i++) terms.push(logBinomialPmf(i, n, p));
  return Math.min(0, logSumExp(terms));
}

/** ln P[X ≥ k] for X ~ Binomial(n, p). */
export function logBinomialAtLeast(k: number, n: number, p: number): number {
  return logBinomialAtMost(n - k, n, 1 - p);
}

/** ln P[X ≥ k] for X ~ Poisson(mean). */
export function logPoissonAtLeast(k: number, mean: number): number {
  if (k <= 0) return 0;
  if (mean <= 0) return -Infinity;
  const logPmf = (i: number) => -mean + i * Math.log(mean) - logGamma(i + 1);
  if (k <= mean) {
    // The lower tail is the small side: 1 − P[X < k].
    const below: number[] = [];
    for (let i = 0; i < k; i++) below.push(logPmf(i));
    return Math.log1p(-Math.min(1, Math.exp(logSumExp(below))));
  }
  const terms: number[] = [];
  for (let i = k; ; i++) {
    const term = logPmf(i);
    terms.push(term);
    if (term < (terms[0] as number) - 40) break;
  }
  return Math.min(0, logSumExp(terms));
}

/** ln P[X ≤ k] for X ~ Poisson(mean). */
export function logPoissonAtMost(k: number, mean: number): number {
  if (k < 0) return -Infinity;
  if (mean <= 0) return 0;
  const terms: number[] = [];
  for (let i = 0; i <= k; i++) terms.push(-mean + i * Math.log(mean) - logGamma(i + 1));
  return Math.min(0, logSumExp(terms));
}

/**
 * Fisher's method: ln of the chance that independent tests with these (natural-log) p-values would give a
 * product this small or smaller, P[χ²(2m) ≥ −2 Σ ln pᵢ] = e^(−s) Σ_{i<m} sⁱ/i! with s = −Σ ln pᵢ.
 */
export function logFisherCombined(logPs: readonly number[]): number {
  if (logPs.length === 0) return 0;
  const s = -logPs.reduce((sum, lp) => sum + lp, 0);
  if (s <= 0) return 0;
  const terms: number[] = [];
  for (let i = 0; i < logPs.length; i++) terms.push(-s + i * Math.log(s) - logGamma(i + 1));
  return Math.min(0, logSumExp(terms));
}
