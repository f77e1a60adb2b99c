import type { Action, PlayerView } from '@liars-dice/game-rules';
import { beliefsOf, evidenceOf, type Memory } from './evidence';
import type { HandModel } from './hands';
import { noisyArgmax } from './noise';
import { type CallModel, DEFAULT_CALL_MODEL, type Scored, scoreActions } from './evaluate';
import { stakesOf } from './placement';
import { bluffRatesFromHistory } from './reliability';
import type { Rng } from './rng';
import { countMine, faceChance, type Table, tableOf } from './table';

/** The knobs that make one level weaker than the next in ways a person at the table notices. */
export interface Profile {
  /** Which of this round's bids it reads as evidence about the bidders' hands. */
  readonly memory: Memory;
  /** Learns from revealed rounds how far each opponent's bids can be trusted. */
  readonly learnsOpponents: boolean;
  /** Spread of the noise added to each action's worth (units of one own penalty). */
  readonly noise: number;
  /** How often it deliberately bids a face it is short of, when that costs at most `bluffMargin`. */
  readonly bluffRate: number;
  readonly bluffMargin: number;
  readonly model: CallModel;
  /** Reads each opponent as a whole hand (wild 1s and all) rather than face by face. */
  readonly hands: HandModel | null;
  /** How much a penalty weighs by stack size when valuing placement (see placement.ts). */
  readonly gamma: number;
}

export const PROFILES = {
  medium: { memory: 'none', learnsOpponents: false, noise: 0.25, bluffRate: 0, bluffMargin: 0, hands: null, gamma: 1.6, model: { ...DEFAULT_CALL_MODEL, threshold: 0.5, sharpness: 10, roomRisk: 0, oddsStep: 0.1 } },
  hard: { memory: 'last', learnsOpponents: false, noise: 0.1, bluffRate: 0, bluffMargin: 0, hands: null, gamma: 1.6, model: DEFAULT_CALL_MODEL },
  expert: { memory: 'all', learnsOpponents: true, noise: 0.01, bluffRate: 0.12, bluffMargin: 0.05, hands: { beta: 3, bluff: 0.1 }, gamma: 1.6, model: DEFAULT_CALL_MODEL },
} as const satisfies Record<string, Profile>;

/** A level that does not learn reads every opponent at its profile's bluff rate. */
const NOT_LEARNT: ReadonlyMap<string, number> = new Map();

function isBluff(table: Table, scored: Scored): boolean {
  const action = scored.action;
  if (action.type !== 'bid') return false;
  return countMine(table.myDice, action.face, table.wild) < table.myDice.length * faceChance(action.face, table.wild);
}

/** Every legal action scored by its expected worth for my placement (in legal order), noise not yet added. */
function scored(profile: Profile, view: PlayerView, legal: readonly Action[]): { table: Table; scored: Scored[] } {
  const table = tableOf(view, legal);
  const learnt = profile.learnsOpponents && profile.hands ? bluffRatesFromHistory(view, profile.hands.bluff) : NOT_LEARNT;
  const beliefs = beliefsOf(table, evidenceOf(table, profile.memory), profile.hands, learnt);
  return { table, scored: scoreActions({ table, beliefs, stakes: stakesOf(table, profile.gamma), model: profile.model }, legal) };
}

/** A controlled bluff in place of `best`: the best bid on a face I am short of, if it is nearly as good. */
function bluffFor(profile: Profile, table: Table, scored: readonly Scored[], best: Scored): Scored | undefined {
  const floor = best.worth - profile.bluffMargin;
  return scored.filter((entry) => entry.worth >= floor && isBluff(table, entry)).sort((a, b) => b.worth - a.worth)[0];
}

/** Scores every legal action by its expected worth for my placement and takes the best, noise included. */
export function profiledChoice(profile: Profile, view: PlayerView, legal: readonly Action[], rng: Rng): Action {
  const { table, scored: entries } = scored(profile, view, legal);
  let best: Scored | undefined;
  let bestWorth = -Infinity;
  for (const entry of entries) {
    const worth = entry.worth + profile.noise * rng.normal();
    if (worth > bestWorth) [best, bestWorth] = [entry, worth];
  }
  if (!best) throw new Error('no legal action to choose from');
  // A controlled bluff: now and then the best bid on a face I am short of, if it is nearly as good.
  if (profile.bluffRate > 0 && rng.next() < profile.bluffRate) {
    const bluff = bluffFor(profile, table, entries, best);
    if (bluff) return bluff.action;
  }
  return best.action;
}

/** The exact chance that `profiledChoice` takes each legal action (in legal order), noise and bluffs included. */
export function profiledPolicy(profile: Profile, view: PlayerView, legal: readonly Action[]): number[] {
  const { table, scored: entries } = scored(profile, view, legal);
  const chances = noisyArgmax(
    entries.map((entry) => entry.worth),
    profile.noise,
  );
  const out = new Array<number>(legal.length).fill(0);
  chances.forEach((p, i) => {
    if (p === 0) return;
    const bluff = profile.bluffRate > 0 ? bluffFor(profile, table, entries, entries[i] as Scored) : undefined;
    const rate = bluff ? profile.bluffRate : 0;
    out[i] = (out[i] as number) + p * (1 - rate);
    if (bluff) {
      const at = entries.indexOf(bluff);
      out[at] = (out[at] as number) + p * rate;
    }
  });
  return out;
}
