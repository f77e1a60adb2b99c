/** Small exact distributions over dice counts: a handful of dice, so arrays beat closed forms. */

export function binomialPmf(n: number, p: number): number[] {
  const pmf = new Array<number>(n + 1).fill(0);
  let term = Math.pow(1 - p, n);
  for (let k = 0; k <= n; k++) {
    pmf[k] = term;
    term *= ((n - k) / (k + 1)) * (p / (1 - p));
  }
  return pmf;
}

/** The distribution of a sum of two independent counts. */
export function convolve(a: readonly number[], b: readonly number[]): number[] {
  const out = new Array<number>(a.length + b.length - 1).fill(0);
  for (let i = 0; i < a.length; i++) {
    const ai = a[i] ?? 0;
    if (ai === 0) continue;
    for (let j = 0; j < b.length; j++) out[i + j] = (out[i + j] ?? 0) + ai * (b[j] ?? 0);
  }
  return out;
}

export function normalize(weights: number[]): number[] {
  let sum = 0;
  for (const w of weights) sum += w;
  return sum > 0 ? weights.map((w) => w / sum) : weights;
}

/** `atLeast[k]` = P[X ≥ k] for k = 0 … n + 1. */
export function upperTail(pmf: readonly number[]): number[] {
  const tail = new Array<number>(pmf.length + 1).fill(0);
  for (let k = pmf.length - 1; k >= 0; k--) tail[k] = (tail[k + 1] ?? 0) + (pmf[k] ?? 0);
  return tail;
}

/** A count known in part: `known` dice seen for sure plus an unseen count with distribution `pmf`. */
export class CountBelief {
  private readonly tail: number[];

  constructor(
    readonly known: number,
    readonly pmf: readonly number[],
  ) {
    this.tail = upperTail(pmf);
  }

  atLeast(quantity: number): number {
    const need = quantity - this.known;
    if (need <= 0) return 1;
    return Math.min(1, this.tail[need] ?? 0);
  }

  exactly(quantity: number): number {
    return this.pmf[quantity - this.known] ?? 0;
  }

  mean(): number {
    let m = this.known;
    this.pmf.forEach((p, k) => (m += p * k));
    return m;
  }
}
