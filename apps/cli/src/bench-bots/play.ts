import { createRng, playMatch, type Rng, STRATEGIES } from '@liars-dice/game-bots';
import { houseCommand } from '@liars-dice/game-fairness';
import { performance } from 'node:perf_hooks';
import type { Pairing } from './plan';
import { Histogram } from './stats';

export interface SliceResult {
  readonly key: string;
  /** Per match, the place (1 = winner) of each lineup entry, lineup order. */
  readonly places: number[][];
  /** Decision times by bot kind, in microseconds. */
  readonly timing: Record<string, number[]>;
}

/** Plays matches [from, to) of a pairing; match i's dice come from the seed and its own match id. */
export function playSlice(pairing: Pairing, from: number, to: number, seedHex: string): SliceResult {
  const places: number[][] = [];
  const timing = new Map<string, Histogram>();
  for (let i = from; i < to; i++) places.push(playOne(pairing, i, seedHex, timing));
  return { key: pairing.key, places, timing: Object.fromEntries([...timing].map(([kind, h]) => [kind, h.buckets])) };
}

function playOne(pairing: Pairing, index: number, seedHex: string, timing: Map<string, Histogram>): number[] {
  const matchId = `${pairing.key}#${index}`;
  const n = pairing.lineup.length;
  // Seat s holds lineup entry (s + index) mod n: every entry starts and sits everywhere equally often.
  const players = pairing.lineup.map((_, seat) => `p${(seat + index) % n}`);
  const rngs = new Map<string, Rng>(players.map((id) => [id, createRng(`${matchId}|${id}`)]));
  const kindOf = (id: string) => pairing.lineup[Number(id.slice(1))] ?? 'random';
  const finished = playMatch(
    { matchId, ruleset: pairing.family, players },
    (player, view, legal) => {
      const kind = kindOf(player);
      const started = performance.now();
      const action = STRATEGIES[kind](view, legal, rngs.get(player) ?? createRng(player));
      let histogram = timing.get(kind);
      if (!histogram) timing.set(kind, (histogram = new Histogram()));
      histogram.add((performance.now() - started) * 1000);
      return action;
    },
    (state) => houseCommand(state, seedHex),
  );
  const place = new Array<number>(n).fill(n);
  let rank = 1;
  for (const group of finished.placements) {
    for (const id of group) place[Number(id.slice(1))] = rank;
    rank += group.length;
  }
  return place;
}
