import { leftBeforeStart } from './state';
import type { Tally } from './tally';

/**
 * The criteria that order the standings, in the order they apply (docs/tournaments.md): players who left before
 * the start (listed with their lot, never in the field) come after everyone who started; a disqualified player
 * is last of the field; finalists first by their place at the final table; in a knockout, the later a player went out
 * the higher; then placement points, opponents' average points, head-to-head placement among the players
 * still level, and the draw (each player's lot from the committed seed).
 */
export const TIE_BREAKS = ['field', 'disqualification', 'final-table', 'round-reached', 'points', 'opponents-average', 'head-to-head', 'draw'] as const;
export type TieBreak = (typeof TIE_BREAKS)[number];

/** A player's values for every criterion; `opponentsSum / opponentsMet` is compared as a fraction, exactly. */
export interface Row {
  readonly tally: Tally;
  readonly opponentsSum: number;
  headToHead: number;
}

type Compare = (a: Row, b: Row) => number;

const byFraction = (a: Row, b: Row) => b.opponentsSum * Math.max(1, a.tally.opponents.length) - a.opponentsSum * Math.max(1, b.tally.opponents.length);

export function criteria(knockout: boolean): Record<TieBreak, Compare> {
  return {
    field: (a, b) => Number(leftBeforeStart(a.tally.player)) - Number(leftBeforeStart(b.tally.player)),
    disqualification: (a, b) => Number(a.tally.player.status === 'disqualified') - Number(b.tally.player.status === 'disqualified'),
    'final-table': (a, b) => (a.tally.finalPlace ?? Infinity) - (b.tally.finalPlace ?? Infinity) || 0,
    'round-reached': (a, b) => (knockout ? b.tally.reachedRound - a.tally.reachedRound : 0),
    points: (a, b) => b.tally.points - a.tally.points,
    'opponents-average': byFraction,
    'head-to-head': (a, b) => b.headToHead - a.headToHead,
    draw: (a, b) => a.tally.player.lot - b.tally.player.lot || (a.tally.player.id < b.tally.player.id ? -1 : 1),
  };
}

/** The first criterion that separates `a` from `b`, with its sign (negative: `a` ranks higher). */
export function separate(rules: Record<TieBreak, Compare>, a: Row, b: Row, upTo: number = TIE_BREAKS.length): { by: TieBreak; sign: number } | null {
  for (const by of TIE_BREAKS.slice(0, upTo)) {
    const sign = rules[by](a, b);
    if (sign !== 0) return { by, sign };
  }
  return null;
}

