/**
 * A seeded pseudo-random source for bots. Bots must be repeatable (same seed, same view, same move) and
 * libs/game never touches Math.random, so every choice draws from one of these.
 */
export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** A whole number in [0, n). */
  int(n: number): number;
  /** A standard normal deviate (mean 0, deviation 1). */
  normal(): number;
}

const UINT32 = 0x1_0000_0000;

/** Folds a seed (any finite number or a string) into 32 bits with the splitmix32 finaliser. */
export function seedBits(seed: number | string): number {
  let h = 0x9e3779b9;
  const text = typeof seed === 'number' ? (Number.isFinite(seed) ? String(Math.trunc(seed)) : '0') : seed;
  for (let i = 0; i < text.length; i++) {
    h = Math.imul(h ^ text.charCodeAt(i), 0x85ebca6b);
    h ^= h >>> 13;
  }
  h = Math.imul(h ^ (h >>> 16), 0x21f0aaad);
  h = Math.imul(h ^ (h >>> 15), 0x735a2d97);
  return (h ^ (h >>> 15)) >>> 0;
}

/** Mulberry32: tiny, fast and well distributed enough for game choices (not for anything secret). */
export function createRng(seed: number | string): Rng {
  let state = seedBits(seed);
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / UINT32;
  };
  return {
    next,
    int: (n) => Math.floor(next() * n),
    normal: () => {
      // Box–Muller; 1 − u keeps the logarithm finite.
      const u = 1 - next();
      const v = next();
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    },
  };
}
