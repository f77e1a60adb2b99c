import type { StatsPlayerPlayQuery } from '@/data/generated/graphql';

type PlayRow = StatsPlayerPlayQuery['playerStats'][number];

/** A player with no ranked play in the family asked for: every count zero, every rate unknown. */
export const NO_PLAY: PlayRow = {
  family: 'all',
  matches: 0,
  wins: 0,
  averagePlace: null,
  bids: 0,
  bluffRate: null,
  challenges: 0,
  challengesWon: 0,
  spotOnCalls: 0,
  spotOnAccuracy: null,
  bluffsChallenged: 0,
  bluffsCaught: 0,
  bluffCaughtRate: null,
};

interface Labels {
  readonly liar: string;
  readonly spotOn: string;
  readonly bids: string;
  readonly bluffs: string;
  readonly challenged: string;
  readonly caught: string;
}

/** The calls chart's rows (made, right, success rate) and the bluffs chart's counts, from a player's row. */
export function playFigures(row: PlayRow, labels: Labels) {
  // The API gives rates for bluffs and spot-ons over whole counts: the counts come back exactly.
  const spotOnRight = Math.round((row.spotOnAccuracy ?? 0) * row.spotOnCalls);
  const calls = [
    {
      kind: labels.liar,
      made: row.challenges,
      right: row.challengesWon,
      rate: row.challenges ? row.challengesWon / row.challenges : null,
    },
    { kind: labels.spotOn, made: row.spotOnCalls, right: spotOnRight, rate: row.spotOnAccuracy ?? null },
  ];
  const bluffs = [
    { what: labels.bids, count: row.bids },
    { what: labels.bluffs, count: Math.round((row.bluffRate ?? 0) * row.bids) },
    { what: labels.challenged, count: row.bluffsChallenged },
    { what: labels.caught, count: row.bluffsCaught },
  ];
  return { calls, bluffs };
}
