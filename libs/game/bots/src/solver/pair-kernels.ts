/**
 * The solver's inner loops over dense H0 × H1 matrices of seat 0's payoff (seat 0's hands by row). Weights of
 * zero are skipped: regret matching leaves most chances at exactly zero.
 */
export class PairKernels {
  private readonly live: Int32Array;

  constructor(
    readonly h0: number,
    readonly h1: number,
  ) {
    this.live = new Int32Array(Math.max(h0, h1));
  }

  /** out[i][j] += w[i] · u[i][j]: seat 0 acts, w its chance of the action by hand. */
  addByRow(out: Float32Array, u: Float32Array, w: Float64Array): void {
    const h1 = this.h1;
    for (let i = 0; i < this.h0; i++) {
      const p = w[i]!;
      if (p === 0) continue;
      const row = i * h1;
      for (let j = 0; j < h1; j++) out[row + j] = out[row + j]! + p * u[row + j]!;
    }
  }

  /** out[i][j] += w[j] · u[i][j]: seat 1 acts. */
  addByColumn(out: Float32Array, u: Float32Array, w: Float64Array): void {
    const { h1, live } = this;
    let m = 0;
    for (let j = 0; j < h1; j++) if (w[j]! > 0) live[m++] = j;
    for (let i = 0; i < this.h0; i++) {
      const row = i * h1;
      for (let k = 0; k < m; k++) {
        const j = live[k]!;
        out[row + j] = out[row + j]! + w[j]! * u[row + j]!;
      }
    }
  }

  /** into[i] = Σ_j u[i][j] · w[j]: seat 0's value per hand against seat 1's weights. */
  rowDot(u: Float32Array, w: Float64Array, into: Float64Array): void {
    const h1 = this.h1;
    for (let i = 0; i < this.h0; i++) {
      let sum = 0;
      const row = i * h1;
      for (let j = 0; j < h1; j++) sum += w[j]! * u[row + j]!;
      into[i] = sum;
    }
  }

  /** into[j] = Σ_i w[i] · u[i][j]: seat 0's payoff per seat-1 hand against seat 0's weights. */
  columnDot(u: Float32Array, w: Float64Array, into: Float64Array): void {
    const h1 = this.h1;
    into.fill(0, 0, h1);
    for (let i = 0; i < this.h0; i++) {
      const p = w[i]!;
      if (p === 0) continue;
      const row = i * h1;
      for (let j = 0; j < h1; j++) into[j] = into[j]! + p * u[row + j]!;
    }
  }
}
