import type { LiarCalled } from '@liars-dice/game-rules';
import { bump, type CounterDelta } from './counters';
import { accountOn } from '@liars-dice/game-match';
import { countsForStats, isBluff, type MatchFacts, REVEALING_EVENTS, turnPosition } from './match-facts';
import type { ProjectedEvent } from './projected-event';

/** The counters a player row holds (docs/projections.md); rates are derived when read. */
export const PLAYER_STAT_FIELDS = [
  'matches', 'wins', 'placeSum', 'place1', 'place2', 'place3', 'place4', 'place5', 'place6',
  'bids', 'bluffs', 'challenges', 'challengesWon', 'bidsChallenged', 'bidsHeld',
  'spotOnCalls', 'spotOnCorrect', 'shots', 'shotsSurvived', 'diceLost', 'bluffsChallenged', 'bluffsCaught',
] as const;
/**
 * Besides the fixed fields, results by table size (`size:<n>:place:<p>`) and by the seat's place in the first
 * round's turn order (`seat:<k>:matches|wins|placeSum`, 1 = opened the match).
 */
export type PlayerStatField = (typeof PLAYER_STAT_FIELDS)[number] | `size:${number}:place:${number}` | `seat:${number}:${'matches' | 'wins' | 'placeSum'}`;

type Add = (seat: string, field: PlayerStatField, by?: number) => void;

function adder(deltas: CounterDelta[], facts: MatchFacts): Add {
  return (seat, field, by = 1) => {
    const account = accountOn(facts, seat);
    if (account) bump(deltas, [account.id, facts.ruleset], field, by);
  };
}

/**
 * At the reveal, the round's bids and bluffs as judged when they were placed (MatchFacts.round.unrevealed):
 * a bid's bluff depends on the bidder's hidden hand, so neither counter moves while the round is in play.
 */
function revealBids(deltas: CounterDelta[], facts: MatchFacts): void {
  for (const [account, { bids, bluffs }] of Object.entries(facts.round?.unrevealed ?? {})) {
    bump(deltas, [account, facts.ruleset], 'bids', bids);
    bump(deltas, [account, facts.ruleset], 'bluffs', bluffs);
  }
}

function placements(add: Add, facts: MatchFacts, groups: readonly (readonly string[])[]): void {
  let place = 1;
  for (const group of groups) {
    for (const seat of group) {
      add(seat, 'matches');
      add(seat, 'placeSum', place);
      add(seat, `place${Math.min(place, 6)}` as PlayerStatField);
      if (place === 1) add(seat, 'wins');
      add(seat, `size:${facts.seats.length}:place:${place}`);
      bySeatPosition(add, facts, seat, place);
    }
    place += group.length;
  }
}

function bySeatPosition(add: Add, facts: MatchFacts, seat: string, place: number): void {
  const position = turnPosition(facts, seat);
  if (position === null) return;
  add(seat, `seat:${position}:matches`);
  add(seat, `seat:${position}:placeSum`, place);
  if (place === 1) add(seat, `seat:${position}:wins`);
}

/** A challenged bid that was a bluff (judged against its bidder's hand, revealed by the call), and whether it fell. */
function challengedBluff(add: Add, facts: MatchFacts, { bid, holds }: { bid: LiarCalled['data']['bid']; holds: boolean }): void {
  if (!isBluff(facts, bid)) return;
  add(bid.by, 'bluffsChallenged');
  if (!holds) add(bid.by, 'bluffsCaught');
}

/**
 * The counters one event adds to player rows keyed `[accountId, family]` (and `[accountId, 'all']`), given
 * the match's facts before it. CPU seats have no row; non-regular matches add nothing.
 */
export function playerStatDeltas(facts: MatchFacts | null, { event }: ProjectedEvent): CounterDelta[] {
  const deltas: CounterDelta[] = [];
  if (!facts || !countsForStats(facts)) return deltas;
  const add = adder(deltas, facts);
  if (REVEALING_EVENTS.has(event.type)) revealBids(deltas, facts);
  switch (event.type) {
    case 'LiarCalled':
      add(event.data.by, 'challenges');
      add(event.data.by, 'challengesWon', event.data.holds ? 0 : 1);
      add(event.data.bid.by, 'bidsChallenged');
      add(event.data.bid.by, 'bidsHeld', event.data.holds ? 1 : 0);
      challengedBluff(add, facts, event.data);
      break;
    case 'SpotOnCalled':
      add(event.data.by, 'spotOnCalls');
      add(event.data.by, 'spotOnCorrect', event.data.exact ? 1 : 0);
      break;
    case 'TriggerPulled':
      add(event.data.player, 'shots');
      add(event.data.player, 'shotsSurvived', event.data.fatal ? 0 : 1);
      break;
    case 'DieLost':
      add(event.data.player, 'diceLost');
      break;
    case 'MatchFinished':
      placements(add, facts, event.data.placements);
      break;
  }
  return deltas.filter((d) => d.by !== 0);
}
