import { FACES } from '@liars-dice/game-rules';
import type { Evidence } from './evidence';
import { Memo } from './memo';

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

export interface Composition {
  readonly chance: number;
  /** How many dice count for each face (index 0 unused), without and with wild 1s. */
  readonly plain: readonly number[];
  readonly wild: readonly number[];
}

const cache = new Map<number, Composition[]>();

function factorial(n: number): number {
  let f = 1;
  for (let i = 2; i <= n; i++) f *= i;
  return f;
}

/** Every hand of `dice` dice as face counts, with its chance (cached). */
export function compositionsOf(dice: number): Composition[] {
  const cached = cache.get(dice);
  if (cached) return cached;
  const all: Composition[] = [];
  const counts = [0, 0, 0, 0, 0, 0, 0];
  const walk = (face: number, left: number) => {
    if (face === 6) {
      counts[6] = left;
      let ways = factorial(dice);
      for (let f = 1; f <= 6; f++) ways /= factorial(counts[f] ?? 0);
      const ones = counts[1] ?? 0;
      all.push({ chance: ways / Math.pow(6, dice), plain: [...counts], wild: counts.map((c, f) => (f > 1 ? c + ones : c)) });
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

const appeals = new Map<number, readonly number[]>();

/** The appeal exp(β·m) of a face the bidder holds m of, for m = 0 … 10 (a wild 1 bid counts double); kept per β. */
function appealTable(beta: number): readonly number[] {
  let table = appeals.get(beta);
  if (table === undefined) appeals.set(beta, (table = Object.freeze(Array.from({ length: 11 }, (_, m) => Math.exp(beta * m)))));
  return table;
}

/** How well a hand with these counts explains the bids: a bidder favours the face it holds most of. */
function likelihood(counts: readonly number[], ones: number, evidence: readonly Evidence[], reading: { appeal: readonly number[]; bluff: number }): number {
  const { appeal, bluff } = reading;
  const at = (m: number) => appeal[m] as number;
  let sum = at(ones);
  for (let f = 2; f <= 6; f++) sum += at(counts[f] as number);
  let weight = 1;
  for (const item of evidence) {
    const held = item.face === 1 ? ones : (counts[item.face] as number);
    const p = (1 - bluff) * (at(held) / sum) + bluff / 6;
    weight *= item.weight === 1 ? p : Math.pow(p, item.weight);
  }
  return weight;
}

/** Posteriors by their inputs: an opponent's stays the same until they bid again, and every seat reads it. */
const posteriors = new Memo<readonly (readonly number[])[]>(4_096);

/**
 * Per face (index 0 unused), the distribution of how many of this opponent's dice count for it (shared and
 * frozen: computed once per distinct input, see `Memo`). Only each item's face and weight matter, not its bidder.
 */
export function handPosterior(dice: number, wild: boolean, evidence: readonly Evidence[], model: HandModel): readonly (readonly number[])[] {
  const key = `${dice}|${wild ? 1 : 0}|${model.beta}|${model.bluff}|${evidence.map((item) => `${item.face}:${item.weight}`).join(',')}`;
  return posteriors.get(key, () => computeHandPosterior(dice, wild, evidence, model));
}

/** `handPosterior` computed afresh (what the memo's key stands for; tests compare the two). */
export function computeHandPosterior(dice: number, wild: boolean, evidence: readonly Evidence[], model: HandModel): number[][] {
  const perFace: number[][] = [[], ...FACES.map(() => new Array<number>(dice + 1).fill(0))];
  const reading = { appeal: appealTable(model.beta), bluff: model.bluff };
  let total = 0;
  for (const composition of compositionsOf(dice)) {
    const counts = wild ? composition.wild : composition.plain;
    // Under wild 1s a bid on 1s needs half the quantity, so a 1 is worth two in the bidder's eyes.
    const ones = (wild ? 2 : 1) * (counts[1] as number);
    const weight = composition.chance * (evidence.length > 0 ? likelihood(counts, ones, evidence, reading) : 1);
    total += weight;
    for (let f = 1; f <= 6; f++) {
      const row = perFace[f] as number[];
      const k = counts[f] as number;
      row[k] = (row[k] as number) + weight;
    }
  }
  return perFace.map((row) => row.map((w) => w / total));
}
