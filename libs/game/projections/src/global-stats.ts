import { chanceAtLeast, type LiarCalled } from '@liars-dice/game-rules';
import { ALL, type CounterDelta } from './counters';
import { countsForStats, type MatchFacts, supportFor, turnPosition, wildNow } from './match-facts';
import type { ProjectedEvent } from './projected-event';

export const GLOBAL_STAT_FIELDS = [
  'matches', 'rounds', 'openingBids', 'openingBidsHeld', 'liarCalls', 'liarCallsRight', 'spotOnCalls', 'spotOnExact',
  'timeouts', 'shots', 'fatalShots',
] as const;

/**
 * Besides the fixed fields, distributions as one field per value: bids per face (`bidFace:<f>`), liar calls by the
 * bid's chance of holding given nothing, in tenths (`calls:<b>`, `callsRight:<b>`, `callChance:<b>` summed in
 * millionths), results by place in the first round's turn order (`position:<k>:matches|wins|placeSum`), and lengths
 * (`matchRounds:<n>`, `matchMinutes:<m>`, `roundBids:<n>`, `roundSeconds:<s>`; see `LENGTH_CAPS`).
 */
export type GlobalStatField =
  | (typeof GLOBAL_STAT_FIELDS)[number]
  | `bidFace:${number}`
  | `${'calls' | 'callsRight' | 'callChance'}:${number}`
  | `position:${number}:${'matches' | 'wins' | 'placeSum'}`
  | `${LengthField}:${number}`;

type LengthField = 'matchRounds' | 'matchMinutes' | 'roundBids' | 'roundSeconds';

/** Each length's bucket width and its last bucket (which holds everything from there up). */
export const LENGTH_BUCKETS: Readonly<Record<LengthField, { readonly width: number; readonly last: number }>> = {
  matchRounds: { width: 1, last: 40 },
  matchMinutes: { width: 1, last: 60 },
  roundBids: { width: 1, last: 20 },
  roundSeconds: { width: 10, last: 300 },
};

/** The calibration chart's bins: tenths of the chance that the called bid held. */
export const CHANCE_BINS = 10;

/** Rows keyed `[family, tableSize]`, `[family, 'all']` and `['all', 'all']`. */
function push(deltas: CounterDelta[], facts: MatchFacts, field: GlobalStatField, by = 1): void {
  const size = String(facts.seats.length);
  for (const key of [[facts.ruleset, size], [facts.ruleset, ALL], [ALL, ALL]]) deltas.push({ key, field, by });
}

function length(deltas: CounterDelta[], facts: MatchFacts, field: LengthField, value: number): void {
  const { width, last } = LENGTH_BUCKETS[field];
  push(deltas, facts, `${field}:${Math.min(last, Math.floor(Math.max(0, value) / width) * width)}`);
}

/** At a reveal: whether the round's opening bid would have held against every die on the table. */
function openingBid(deltas: CounterDelta[], facts: MatchFacts): void {
  const opening = facts.round?.opening;
  if (!facts.round || !opening) return;
  push(deltas, facts, 'openingBids');
  if (supportFor(facts, facts.round.dice, opening.face) >= opening.quantity) push(deltas, facts, 'openingBidsHeld');
}

/**
 * The chance the called bid held given nothing but the public dice count (libs/game/rules' odds: each die shows
 * the face with 1/6, or 1/3 while 1s are wild for another face), against whether the caller was right.
 */
function calibration(deltas: CounterDelta[], facts: MatchFacts, { bid, holds }: LiarCalled['data']): void {
  if (!facts.round) return;
  const dice = Object.values(facts.round.dice).reduce((sum, hand) => sum + hand.length, 0);
  const chance = chanceAtLeast(bid.quantity, dice, wildNow(facts) && bid.face !== 1);
  const bin = Math.min(CHANCE_BINS - 1, Math.floor(chance * CHANCE_BINS));
  push(deltas, facts, `calls:${bin}`);
  push(deltas, facts, `callChance:${bin}`, Math.round(chance * 1_000_000));
  if (!holds) push(deltas, facts, `callsRight:${bin}`);
}

/** A round's length once it is over: bids placed and seconds from its roll to the event that closed it. */
function roundLength(deltas: CounterDelta[], facts: MatchFacts, at: number): void {
  if (!facts.round) return;
  length(deltas, facts, 'roundBids', facts.round.bids);
  length(deltas, facts, 'roundSeconds', (at - facts.round.startedAt) / 1000);
}

function finished(deltas: CounterDelta[], facts: MatchFacts, placements: readonly (readonly string[])[], at: number): void {
  push(deltas, facts, 'matches');
  roundLength(deltas, facts, at);
  length(deltas, facts, 'matchRounds', facts.rounds);
  length(deltas, facts, 'matchMinutes', (at - (facts.startedAt ?? at)) / 60_000);
  let place = 1;
  for (const group of placements) {
    for (const seat of group) {
      const position = turnPosition(facts, seat);
      if (position === null) continue;
      push(deltas, facts, `position:${position}:matches`);
      push(deltas, facts, `position:${position}:placeSum`, place);
      if (place === 1) push(deltas, facts, `position:${position}:wins`);
    }
    place += group.length;
  }
}

/** The counters one event adds to the global rows, from regular matches only. */
export function globalStatDeltas(facts: MatchFacts | null, { event, at }: ProjectedEvent): CounterDelta[] {
  const deltas: CounterDelta[] = [];
  if (!facts || !countsForStats(facts)) return deltas;
  switch (event.type) {
    case 'RoundStarted':
      push(deltas, facts, 'rounds');
      break;
    case 'BidPlaced':
      push(deltas, facts, `bidFace:${event.data.face}`);
      break;
    case 'LiarCalled':
      openingBid(deltas, facts);
      calibration(deltas, facts, event.data);
      push(deltas, facts, 'liarCalls');
      if (!event.data.holds) push(deltas, facts, 'liarCallsRight');
      break;
    case 'SpotOnCalled':
      openingBid(deltas, facts);
      push(deltas, facts, 'spotOnCalls');
      if (event.data.exact) push(deltas, facts, 'spotOnExact');
      break;
    case 'TurnTimedOut':
      push(deltas, facts, 'timeouts');
      break;
    case 'TriggerPulled':
      push(deltas, facts, 'shots');
      if (event.data.fatal) push(deltas, facts, 'fatalShots');
      break;
    case 'RoundEnded':
      roundLength(deltas, facts, at);
      break;
    case 'MatchFinished':
      finished(deltas, facts, event.data.placements, at);
      break;
  }
  return deltas;
}
