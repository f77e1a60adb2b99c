import type { BidPlaced, MatchCreated, MatchEvent, MatchFinished, PlayersEliminated, RoundEnded, RoundStarted } from './events';
import { appended, draftOf, endDraft, roundDraft, seatDraft, stateOf } from './draft';
import { evolveResolution } from './evolve-resolution';
import { type MatchState, type Seat, type ShotDue, type StartedMatch, firstActiveFrom } from './state';

const NO_SHOTS: readonly ShotDue[] = [];

/**
 * Folds one event into the state. Total: an event that does not fit the state (a corrupt or foreign log)
 * leaves the state as it was instead of throwing, so a reader can always fold what it has. Pure: the input
 * state is never changed (drafts are fresh copies, see draft.ts).
 */
export function evolve(state: MatchState, event: MatchEvent): MatchState {
  switch (event.type) {
    case 'MatchCreated':
      return state.status === 'none' ? created(event) : state;
    case 'RoundStarted':
      return state.status === 'awaiting-roll' ? roundStarted(state, event) : state;
    case 'BidPlaced':
      return state.status === 'bidding' ? bidPlaced(state, event) : state;
    case 'PlayersEliminated':
      return state.status === 'none' ? state : eliminated(state, event);
    case 'RoundEnded':
      return state.status === 'resolving' ? roundEnded(state, event) : state;
    case 'MatchFinished':
      return state.status === 'none' || state.status === 'finished' ? state : finished(state, event);
    default:
      return evolveResolution(state, event);
  }
}

function created({ data }: MatchCreated): MatchState {
  const seats: Seat[] = data.players.map((id) => ({ id, dice: data.options.startingDice, bullets: 0, losses: 0, out: false, palificoUsed: false }));
  return stateOf({
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
  });
}

function roundStarted(state: StartedMatch, { data }: RoundStarted): MatchState {
  const draft = draftOf(state);
  if (data.palifico) {
    draft.seats = state.seats.map((seat) => {
      const copy = seatDraft(seat);
      if (seat.id === data.starter) copy.palificoUsed = true;
      return copy;
    });
  }
  draft.status = 'bidding';
  draft.round = { number: data.round, starter: data.starter, palifico: data.palifico, dice: data.dice, bids: [], end: null };
  draft.next = null;
  draft.toAct = data.starter;
  draft.turnDeadline = data.turnDeadline;
  return stateOf(draft);
}

function bidPlaced(state: Extract<MatchState, { status: 'bidding' }>, { data }: BidPlaced): MatchState {
  const draft = draftOf(state);
  const round = roundDraft(state.round);
  round.bids = appended(round.bids, { by: data.by, quantity: data.quantity, face: data.face });
  draft.round = round;
  draft.toAct = data.next;
  draft.turnDeadline = data.turnDeadline;
  return stateOf(draft);
}

function eliminated(state: StartedMatch, { data }: PlayersEliminated): MatchState {
  const draft = draftOf(state);
  draft.seats = state.seats.map((seat) => {
    if (!data.players.includes(seat.id)) return seat;
    const copy = seatDraft(seat);
    copy.dice = 0;
    copy.out = true;
    return copy;
  });
  draft.eliminations = appended(state.eliminations, data.players);
  if (state.status === 'awaiting-roll') {
    const starter = firstActiveFrom(draft.seats, state.next.starter);
    draft.next = { number: state.next.number, starter, palifico: state.next.palifico && starter === state.next.starter };
  }
  if (state.status === 'resolving') {
    const round = roundDraft(state.round);
    const end = endDraft(state.round.end);
    end.eliminated = [...end.eliminated, ...data.players];
    round.end = end;
    draft.round = round;
  }
  return stateOf(draft);
}

function roundEnded(state: Extract<MatchState, { status: 'resolving' }>, { data }: RoundEnded): MatchState {
  const draft = draftOf(state);
  draft.status = 'awaiting-roll';
  draft.history = appended(state.history, state.round);
  draft.round = null;
  draft.next = { number: state.round.number + 1, starter: data.nextStarter, palifico: data.palifico };
  draft.shotsDue = NO_SHOTS;
  return stateOf(draft);
}

function finished(state: StartedMatch, { data }: MatchFinished): MatchState {
  const draft = draftOf(state);
  draft.status = 'finished';
  draft.history = state.round ? appended(state.history, state.round) : state.history;
  draft.round = null;
  draft.next = null;
  draft.toAct = null;
  draft.turnDeadline = null;
  draft.shotsDue = NO_SHOTS;
  draft.winner = data.winner;
  draft.placements = data.placements;
  return stateOf(draft);
}
