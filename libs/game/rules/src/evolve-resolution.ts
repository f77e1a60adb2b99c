import type { MatchEvent } from './events';
import type { MatchState, Resolving, RoundEnd, Seat } from './state';
import type { Bid, PlayerId } from './vocabulary';

type ResolutionEvent = Extract<
  MatchEvent,
  { type: 'LiarCalled' | 'SpotOnCalled' | 'TurnTimedOut' | 'PlayerForfeited' | 'DieLost' | 'DieRegained' | 'RevolverLoaded' | 'TriggerPulled' }
>;

/** The events that end a round and apply its consequences (calls, penalties, shots). */
export function evolveResolution(state: MatchState, event: ResolutionEvent): MatchState {
  switch (event.type) {
    case 'LiarCalled':
      return ended(state, { call: 'liar', by: event.data.by, bid: event.data.bid, count: event.data.count, holds: event.data.holds, losers: [event.data.loser] });
    case 'SpotOnCalled': {
      const { by, bid, count, exact } = event.data;
      return ended(state, { call: 'spot-on', by, bid, count, holds: exact, losers: exact ? [] : [by] });
    }
    case 'TurnTimedOut':
      return ended(state, { call: 'timeout', by: event.data.player, bid: event.data.bid, count: null, holds: null, losers: [event.data.player] });
    case 'PlayerForfeited':
      if (state.status !== 'bidding') return state;
      return ended(state, { call: 'forfeit', by: event.data.player, bid: state.round.bids.at(-1) ?? null, count: null, holds: null, losers: [] });
    default:
      return state.status === 'resolving' ? penalty(state, event) : state;
  }
}

interface Call {
  call: RoundEnd['call'];
  by: PlayerId;
  bid: Bid | null;
  count: number | null;
  holds: boolean | null;
  losers: readonly PlayerId[];
}

function ended(state: MatchState, call: Call): MatchState {
  if (state.status !== 'bidding') return state;
  const end: RoundEnd = { ...call, diceLost: {}, diceGained: {}, shots: [], eliminated: [] };
  return { ...state, status: 'resolving', round: { ...state.round, end }, toAct: null, turnDeadline: null, shotsDue: [] };
}

function updateSeat(seats: readonly Seat[], player: PlayerId, change: (seat: Seat) => Seat): readonly Seat[] {
  return seats.map((seat) => (seat.id === player ? change(seat) : seat));
}

function withEnd(state: Resolving, change: Partial<RoundEnd>): Resolving['round'] {
  return { ...state.round, end: { ...state.round.end, ...change } };
}

function penalty(state: Resolving, event: Exclude<ResolutionEvent, { type: 'LiarCalled' | 'SpotOnCalled' | 'TurnTimedOut' | 'PlayerForfeited' }>): MatchState {
  const { end } = state.round;
  switch (event.type) {
    case 'DieLost': {
      const { player, dice } = event.data;
      return {
        ...state,
        seats: updateSeat(state.seats, player, (seat) => ({ ...seat, dice, losses: seat.losses + 1 })),
        round: withEnd(state, { diceLost: { ...end.diceLost, [player]: (end.diceLost[player] ?? 0) + 1 } }),
      };
    }
    case 'DieRegained': {
      const { player, dice } = event.data;
      return {
        ...state,
        seats: updateSeat(state.seats, player, (seat) => ({ ...seat, dice })),
        round: withEnd(state, { diceGained: { ...end.diceGained, [player]: (end.diceGained[player] ?? 0) + 1 } }),
      };
    }
    case 'RevolverLoaded': {
      const { player, bullets, reason } = event.data;
      const lost = reason === 'exact-call' ? 0 : 1;
      return {
        ...state,
        seats: updateSeat(state.seats, player, (seat) => ({ ...seat, bullets, losses: seat.losses + lost })),
        shotsDue: [...state.shotsDue, { player, bullets }],
      };
    }
    case 'TriggerPulled': {
      const { player, bullets, chamber, fatal, pull } = event.data;
      return { ...state, pulls: pull, shotsDue: state.shotsDue.slice(1), round: withEnd(state, { shots: [...end.shots, { player, bullets, chamber, fatal }] }) };
    }
  }
}
