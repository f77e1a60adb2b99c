import { type Face, FACES } from '@liars-dice/game-rules';
import type { Evidence } from './evidence';

/**
 * A whole-hand model of one opponent: every composition of their dice (how many 1s, 2s, … 6s; 252 for five
 * dice) weighed by its chance and by how well it explains their bids. Face by face counting cannot see
 * that a bid on 4s with wild 1s also makes 5s likelier (the 1s count for both); whole hands can.
 */
export interface HandModel {
  /** How strongly a bidder prefers the face it holds most of (softmax sharpness over faces). */
  readonly beta: number;
  /** The share of bids made on any face regardless of the hand (bluffs, forced moves). */
  readonly bluff: number;
}

interface Composition {
  readonly counts: readonly number[];
  readonly chance: number;
}

const cache = new Map<number, Composition[]>();

function factorial(n: number): number {
  let f = 1;
  for (let i = 2; i <= n; i++) f *= i;
  return f;
}

function compositionsOf(dice: number): Composition[] {
  const cached = cache.get(dice);
  if (cached) return cached;
  const all: Composition[] = [];
  const counts = [0, 0, 0, 0, 0, 0, 0];
  const walk = (face: number, left: number) => {
    if (face === 6) {
      counts[6] = left;
      let ways = factorial(dice);
      for (let f = 1; f <= 6; f++) ways /= factorial(counts[f] ?? 0);
      all.push({ counts: [...counts], chance: ways / Math.pow(6, dice) });
      return;
    }
    for (let c = 0; c <= left; c++) {
      counts[face] = c;
      walk(face + 1, left - c);
    }
  };
  walk(1, dice);
  cache.set(dice, all);
  return all;
}

function matching(counts: readonly number[], face: Face, wild: boolean): number {
  const own = counts[face] ?? 0;
  return wild && face !== 1 ? own + (counts[1] ?? 0) : own;
}

/** Per face (index 0 unused), the distribution of how many of this opponent's dice count for it. */
export function handPosterior(dice: number, wild: boolean, evidence: readonly Evidence[], model: HandModel): number[][] {
  const perFace: number[][] = FACES.map(() => new Array<number>(dice + 1).fill(0));
  perFace.unshift([]);
  let total = 0;
  for (const { counts, chance } of compositionsOf(dice)) {
    let weight = chance;
    if (evidence.length > 0) {
      // Under wild 1s a bid on 1s needs half the quantity, so a 1 is worth two in the bidder's eyes.
      const appeal = FACES.map((face) => Math.exp(model.beta * (face === 1 && wild ? 2 * (counts[1] ?? 0) : matching(counts, face, wild))));
      const sum = appeal.reduce((a, b) => a + b, 0);
      for (const item of evidence) {
        const likelihood = (1 - model.bluff) * ((appeal[item.face - 1] ?? 0) / sum) + model.bluff / 6;
        weight *= Math.pow(likelihood, item.weight);
      }
    }
    total += weight;
    for (const face of FACES) {
      const row = perFace[face] as number[];
      const k = matching(counts, face, wild);
      row[k] = (row[k] ?? 0) + weight;
    }
  }
  return perFace.map((row) => row.map((w) => w / total));
}
