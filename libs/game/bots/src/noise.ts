/**
 * The exact chances behind the levels' noisy choices: a level adds independent normal noise to each option's
 * worth and takes the best, so how often each option wins is an integral the exploitability check needs
 * exactly (to ~1e-12), not by sampling.
 */

/** The standard normal distribution function Φ(x), absolute error below 1e-15 (Hart's algorithm, as given by West 2005). */
export function normalCdf(x: number): number {
  const z = Math.abs(x);
  let tail = 0;
  if (z <= 37) {
    const e = Math.exp((-z * z) / 2);
    if (z < 7.07106781186547) {
      let n = 3.52624965998911e-2 * z + 0.700383064443688;
      n = n * z + 6.37396220353165;
      n = n * z + 33.912866078383;
      n = n * z + 112.079291497871;
      n = n * z + 221.213596169931;
      n = n * z + 220.206867912376;
      let d = 8.83883476483184e-2 * z + 1.75566716318264;
      d = d * z + 16.064177579207;
      d = d * z + 86.7807322029461;
      d = d * z + 296.564248779674;
      d = d * z + 637.333633378831;
      d = d * z + 793.826512519948;
      d = d * z + 440.413735824752;
      tail = (e * n) / d;
    } else {
      const d = z + 1 / (z + 2 / (z + 3 / (z + 4 / (z + 0.65))));
      tail = e / d / 2.506628274631;
    }
  }
  return x > 0 ? 1 - tail : tail;
}

const STEP = 0.25;
const REACH = 8.5;
/** The quadrature grid: z from −8.5 to 8.5 by 0.25 with its standard normal weights. The integrands are smooth, so the trapezoid rule is spectrally accurate: against a grid 5 times finer the chances agree to 1e-15. */
const GRID = Array.from({ length: Math.round((2 * REACH) / STEP) + 1 }, (_, i) => {
  const z = -REACH + i * STEP;
  return { z, w: (STEP * Math.exp((-z * z) / 2)) / Math.sqrt(2 * Math.PI) };
});
/** Options further than this many noise spreads behind the best win with chance below 1e-15 (Φ(−8)): counted as 0. */
const HOPELESS = 8;

/**
 * For worths w_i each blurred by independent N(0, σ²) noise, the chance that each one is the largest:
 * P(i) = ∫ φ(z) ∏_{j≠i} Φ((w_i − w_j)/σ + z) dz. Exact ties split evenly when σ is 0.
 */
export function noisyArgmax(worths: readonly number[], sigma: number): number[] {
  const best = Math.max(...worths);
  const live = worths.map((w, i) => ({ w, i })).filter(({ w }) => (sigma > 0 ? (best - w) / (sigma * Math.SQRT2) < HOPELESS : w === best));
  const out = new Array<number>(worths.length).fill(0);
  if (sigma <= 0 || live.length === 1) {
    for (const { i } of live) out[i] = 1 / live.length;
    return out;
  }
  let total = 0;
  for (const { w, i } of live) {
    const rivals = live.filter((other) => other.i !== i).map((other) => (w - other.w) / sigma);
    const p = GRID.reduce((sum, { z, w: weight }) => sum + weight * rivals.reduce((product, lead) => product * normalCdf(lead + z), 1), 0);
    out[i] = p;
    total += p;
  }
  // The grid misses 2e-17 of the normal mass in the tails; renormalising keeps the chances summing to one.
  return out.map((p) => p / total);
}
