import type { MatchEvent } from './events';
import { appended, draftOf, endDraft, plusOne, roundDraft, stateOf, withSeat, type EndDraft } from './draft';
import type { MatchState, Resolving, RoundEnd } from './state';
import type { Bid, PlayerId } from './vocabulary';

type CallEvent = Extract<MatchEvent, { type: 'LiarCalled' | 'SpotOnCalled' | 'TurnTimedOut' | 'PlayerForfeited' }>;
type PenaltyEvent = Extract<MatchEvent, { type: 'DieLost' | 'DieRegained' | 'RevolverLoaded' | 'TriggerPulled' }>;
type ResolutionEvent = CallEvent | PenaltyEvent;

/** The events that end a round and apply its consequences (calls, penalties, shots). */
export function evolveResolution(state: MatchState, event: ResolutionEvent): MatchState {
  switch (event.type) {
    case 'LiarCalled': {
      const { by, bid, count, holds, loser } = event.data;
      return ended(state, endOf('liar', by, bid, [loser], count, holds));
    }
    case 'SpotOnCalled': {
      const { by, bid, count, exact } = event.data;
      return ended(state, endOf('spot-on', by, bid, exact ? [] : [by], count, exact));
    }
    case 'TurnTimedOut':
      return ended(state, endOf('timeout', event.data.player, event.data.bid, [event.data.player]));
    case 'PlayerForfeited':
      if (state.status !== 'bidding') return state;
      return ended(state, endOf('forfeit', event.data.player, state.round.bids.at(-1) ?? null, []));
    default:
      return state.status === 'resolving' ? penalty(state, event) : state;
  }
}

// eslint-disable-next-line max-params -- the fields of a round's end, in the order of the scenario format
function endOf(call: RoundEnd['call'], by: PlayerId, bid: Bid | null, losers: readonly PlayerId[], count: number | null = null, holds: boolean | null = null): RoundEnd {
  return { call, by, bid, count, holds, losers, diceLost: {}, diceGained: {}, shots: [], eliminated: [] };
}

function ended(state: MatchState, end: RoundEnd): MatchState {
  if (state.status !== 'bidding') return state;
  const draft = draftOf(state);
  const round = roundDraft(state.round);
  round.end = end;
  draft.status = 'resolving';
  draft.round = round;
  draft.toAct = null;
  draft.turnDeadline = null;
  draft.shotsDue = [];
  return stateOf(draft);
}

/** A copy of the state whose round end is changed by `change` (applied to a fresh draft). */
function withEnd(state: Resolving, change: (end: EndDraft) => void) {
  const draft = draftOf(state);
  const round = roundDraft(state.round);
  const end = endDraft(state.round.end);
  change(end);
  round.end = end;
  draft.round = round;
  return draft;
}

function penalty(state: Resolving, event: PenaltyEvent): MatchState {
  switch (event.type) {
    case 'DieLost': {
      const { player, dice } = event.data;
      const draft = withEnd(state, (end) => (end.diceLost = plusOne(end.diceLost, player)));
      draft.seats = withSeat(state.seats, player, (seat) => {
        seat.dice = dice;
        seat.losses += 1;
      });
      return stateOf(draft);
    }
    case 'DieRegained': {
      const { player, dice } = event.data;
      const draft = withEnd(state, (end) => (end.diceGained = plusOne(end.diceGained, player)));
      draft.seats = withSeat(state.seats, player, (seat) => (seat.dice = dice));
      return stateOf(draft);
    }
    case 'RevolverLoaded': {
      const { player, bullets, reason } = event.data;
      const draft = draftOf(state);
      draft.seats = withSeat(state.seats, player, (seat) => {
        seat.bullets = bullets;
        if (reason !== 'exact-call') seat.losses += 1;
      });
      draft.shotsDue = appended(state.shotsDue, { player, bullets });
      return stateOf(draft);
    }
    case 'TriggerPulled': {
      const { player, bullets, chamber, fatal, pull } = event.data;
      const draft = withEnd(state, (end) => (end.shots = appended(end.shots, { player, bullets, chamber, fatal })));
      draft.pulls = pull;
      draft.shotsDue = state.shotsDue.slice(1);
      return stateOf(draft);
    }
  }
}
