import { evolve, initialState, type MatchEvent, type MatchState } from '@liars-dice/game-rules';
import { FAIRNESS_VERSION } from './derivation';

/** One seat's hand in one round, as recorded, with the seat index its dice label uses. */
export interface RecordedHand {
  readonly seat: string;
  readonly index: number;
  readonly dice: readonly number[];
}

export interface RecordedRound {
  readonly round: number;
  /** Seats still in, in seat order. */
  readonly hands: readonly RecordedHand[];
}

export interface RecordedPull {
  /** The match-wide pull number k of the chamber label. */
  readonly pull: number;
  readonly seat: string;
  readonly chamber: number;
  readonly bullets: number;
  readonly fatal: boolean;
}

/**
 * Everything an outsider needs to re-derive a finished match's dice and chambers with their own code
 * (docs/protocols/fairness.md): the seed and the commitment, the seat order behind each seat index, and every
 * roll and pull as the match recorded it, with the labels their streams use.
 */
export interface VerificationExport {
  readonly version: typeof FAIRNESS_VERSION;
  readonly matchId: string;
  readonly seed: string;
  /** As recorded in `MatchCreated` (SHA-256 of the seed's 32 bytes, lowercase hex). */
  readonly commitment: string;
  /** The seat order: `seats[s]` is the seat whose hands use index `s` in their label. */
  readonly seats: readonly string[];
  readonly labels: { readonly dice: string; readonly chamber: string };
  readonly rounds: readonly RecordedRound[];
  readonly pulls: readonly RecordedPull[];
}

function handsOf(state: MatchState, dice: Readonly<Record<string, readonly number[]>>): RecordedHand[] {
  if (state.status === 'none') return [];
  return state.seats.flatMap((seat, index) => (seat.out ? [] : [{ seat: seat.id, index, dice: [...(dice[seat.id] ?? [])] }]));
}

/** The export of a match's engine events and its revealed seed; the events are read as recorded, not re-derived. */
export function verificationExport(events: readonly MatchEvent[], seed: string): VerificationExport {
  let state: MatchState = initialState;
  let matchId = '';
  let commitment = '';
  let seats: readonly string[] = [];
  const rounds: RecordedRound[] = [];
  const pulls: RecordedPull[] = [];
  for (const event of events) {
    if (event.type === 'MatchCreated') {
      matchId = event.data.matchId;
      commitment = event.data.fairness?.commitment ?? '';
      seats = [...event.data.players];
    }
    if (event.type === 'RoundStarted') rounds.push({ round: event.data.round, hands: handsOf(state, event.data.dice) });
    if (event.type === 'TriggerPulled') {
      const { pull, player, chamber, bullets, fatal } = event.data;
      pulls.push({ pull, seat: player, chamber, bullets, fatal });
    }
    state = evolve(state, event);
  }
  const labels = { dice: `${matchId}|dice|<round>|<seat index>|<block>`, chamber: `${matchId}|chamber|<pull>|<block>` };
  return { version: FAIRNESS_VERSION, matchId, seed, commitment, seats, labels, rounds, pulls };
}
