import type { MatchEvent, MatchState, PlayerId, Round } from '@liars-dice/game-rules';

export type ActionOutcome = { readonly ok: true } | { readonly ok: false; readonly error: string; readonly message: string };

/** The output object of docs/protocols/scenario-format.md, keys in the documented order. */
export interface ScenarioReport {
  readonly actions: readonly ActionOutcome[];
  readonly rounds: readonly unknown[];
  readonly players: Readonly<Record<PlayerId, { dice: number; bullets: number; out: boolean }>>;
  readonly toAct: PlayerId | null;
  readonly winner: PlayerId | null;
  readonly placements: readonly (readonly PlayerId[])[] | null;
  readonly events: readonly MatchEvent[];
}

export function reportOf(state: MatchState, events: readonly MatchEvent[], actions: readonly ActionOutcome[]): ScenarioReport {
  if (state.status === 'none') return { actions, rounds: [], players: {}, toAct: null, winner: null, placements: null, events };
  const rounds = state.round ? [...state.history, state.round] : state.history;
  const players: Record<PlayerId, { dice: number; bullets: number; out: boolean }> = {};
  for (const seat of state.seats) players[seat.id] = { dice: seat.dice, bullets: seat.bullets, out: seat.out };
  return {
    actions,
    rounds: rounds.map(roundReport),
    players,
    toAct: state.status === 'bidding' ? state.toAct : null,
    winner: state.status === 'finished' ? state.winner : null,
    placements: state.status === 'finished' ? state.placements : null,
    events,
  };
}

function roundReport(round: Round) {
  const end = round.end;
  return {
    number: round.number,
    starter: round.starter,
    palifico: round.palifico,
    dice: round.dice,
    bids: round.bids.map(({ by, quantity, face }) => ({ by, quantity, face })),
    end: end && {
      call: end.call,
      by: end.by,
      bid: end.bid && { by: end.bid.by, quantity: end.bid.quantity, face: end.bid.face },
      count: end.count,
      holds: end.holds,
      losers: end.losers,
      diceLost: end.diceLost,
      diceGained: end.diceGained,
      shots: end.shots,
      eliminated: end.eliminated,
    },
  };
}
