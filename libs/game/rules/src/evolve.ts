import type { MatchEvent, MatchCreated, PlayersEliminated, RoundStarted } from './events';
import { type MatchState, type Round, type RoundEnd, type Seat, type ShotDue, type StartedMatch, firstActiveFrom } from './state';
import type { PlayerId } from './vocabulary';
import { evolveResolution } from './evolve-resolution';

/**
 * Folds one event into the state. Total: an event that does not fit the state (a corrupt or foreign log)
 * leaves the state as it was instead of throwing, so a reader can always fold what it has.
 */
export function evolve(state: MatchState, event: MatchEvent): MatchState {
  switch (event.type) {
    case 'MatchCreated':
      return state.status === 'none' ? created(event) : state;
    case 'RoundStarted':
      return state.status === 'awaiting-roll' ? roundStarted(state, event) : state;
    case 'BidPlaced':
      if (state.status !== 'bidding') return state;
      return {
        ...state,
        round: { ...state.round, bids: [...state.round.bids, { by: event.data.by, quantity: event.data.quantity, face: event.data.face }] },
        toAct: event.data.next,
        turnDeadline: event.data.turnDeadline,
      };
    case 'PlayersEliminated':
      return state.status === 'none' ? state : eliminated(state, event);
    case 'RoundEnded':
      if (state.status !== 'resolving') return state;
      return {
        ...state,
        status: 'awaiting-roll',
        history: [...state.history, state.round],
        round: null,
        next: { number: state.round.number + 1, starter: event.data.nextStarter, palifico: event.data.palifico },
        shotsDue: NO_SHOTS,
      };
    case 'MatchFinished':
      if (state.status === 'none' || state.status === 'finished') return state;
      return {
        ...state,
        status: 'finished',
        history: state.round ? [...state.history, state.round] : state.history,
        round: null,
        next: null,
        toAct: null,
        turnDeadline: null,
        shotsDue: NO_SHOTS,
        winner: event.data.winner,
        placements: event.data.placements,
      };
    default:
      return evolveResolution(state, event);
  }
}

const NO_SHOTS: readonly ShotDue[] = [];

function created({ data }: MatchCreated): MatchState {
  const seats: Seat[] = data.players.map((id) => ({
    id,
    dice: data.options.startingDice,
    bullets: 0,
    losses: 0,
    out: false,
    palificoUsed: false,
  }));
  // The one place a started state is built from scratch: every later state copies this shape.
  return {
    status: 'awaiting-roll',
    matchId: data.matchId,
    ruleset: data.ruleset,
    options: data.options,
    seats,
    history: [],
    eliminations: [],
    pulls: 0,
    round: null,
    next: { number: 1, starter: data.starter, palifico: false },
    toAct: null,
    turnDeadline: null,
    shotsDue: NO_SHOTS,
    winner: null,
    placements: null,
  };
}

function roundStarted(state: Extract<MatchState, { status: 'awaiting-roll' }>, { data }: RoundStarted): MatchState {
  const seats = data.palifico
    ? state.seats.map((seat) => (seat.id === data.starter ? { ...seat, palificoUsed: true } : seat))
    : state.seats;
  const round: Round = { number: data.round, starter: data.starter, palifico: data.palifico, dice: data.dice, bids: [], end: null };
  return { ...state, status: 'bidding', seats, round, next: null, toAct: data.starter, turnDeadline: data.turnDeadline };
}

function eliminated(state: StartedMatch, { data }: PlayersEliminated): MatchState {
  const out = new Set<PlayerId>(data.players);
  const seats = state.seats.map((seat) => (out.has(seat.id) ? { ...seat, dice: 0, out: true } : seat));
  const eliminations = [...state.eliminations, data.players];
  if (state.status === 'awaiting-roll') {
    const starter = firstActiveFrom(seats, state.next.starter);
    const palifico = state.next.palifico && starter === state.next.starter;
    return { ...state, seats, eliminations, next: { ...state.next, starter, palifico } };
  }
  if (state.status === 'resolving') {
    const end: RoundEnd = { ...state.round.end, eliminated: [...state.round.end.eliminated, ...data.players] };
    return { ...state, seats, eliminations, round: { ...state.round, end } };
  }
  return { ...state, seats, eliminations };
}
