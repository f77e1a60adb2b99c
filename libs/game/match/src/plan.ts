import { isRuleset, MAX_PLAYERS, MIN_PLAYERS, type Ruleset } from '@liars-dice/game-rules';
import type { SeatPlan } from './events';
import { TableViolation } from './violation';
import { type AccountRef, DEFAULT_DIFFICULTY, type Difficulty, cpuNameProblem, isAccountRef, isDifficulty, isMatchKind, isSeatKind, type MatchKind, type SeatKind } from './vocabulary';

/** A seat as the host asks for it. */
export interface SeatRequest {
  readonly kind: SeatKind;
  /** CPU seats only; medium when omitted. */
  readonly difficulty?: Difficulty | null;
  /** CPU seats only: the name shown at the table; `cpu` when omitted. */
  readonly name?: string | null;
  /** Human seats only: the account seated from the opening (a tournament's draw fixes who sits where). */
  readonly account?: AccountRef | null;
}

/** The tournament table a match is played for (its process manager records the result). */
export interface TournamentTableRef {
  readonly tournamentId: string;
  readonly round: number;
  readonly table: number;
}

/** What a host asks for when opening a table (the caller's values: fingerprinted for retries). */
export interface MatchPlan {
  readonly ruleset: Ruleset;
  /** Only the options the table changes from the family's preset. */
  readonly options: Readonly<Record<string, unknown>>;
  readonly seats: readonly SeatRequest[];
  readonly ranked: boolean;
  readonly kind: MatchKind;
  readonly tournament?: TournamentTableRef | null;
  /** How long the lobby may sit idle before it expires (whole seconds); absent, null or 0: the server's default. */
  readonly lobbyIdleSeconds?: number | null;
}

const bad = (field: string, message: string): TableViolation => new TableViolation('BAD_USER_INPUT', `${field}: ${message}`, field);

/** A seat reserved for an account: a human seat, and a real account reference. */
function reservation(request: SeatRequest, field: string): TableViolation | null {
  if (request.account === undefined || request.account === null) return null;
  return request.kind === 'human' && isAccountRef(request.account) ? null : bad(`${field}.account`, 'an account id and name, on a human seat');
}

function humanSeat(request: SeatRequest, field: string, seat: string): SeatPlan | TableViolation {
  // A difficulty on a human seat is a mistake worth naming, never dropped silently.
  if ((request.difficulty ?? null) !== null) return bad(`${field}.difficulty`, 'only a CPU seat has a difficulty');
  // A person is shown by their account's name.
  return (request.name ?? null) === null ? { seat, kind: 'human', difficulty: null, name: null } : bad(`${field}.name`, 'only a CPU seat is given a name');
}

function seatPlan(request: SeatRequest, index: number): SeatPlan | TableViolation {
  const field = `seats[${index}]`;
  if (!isSeatKind(request.kind)) return bad(field, 'kind is human or cpu');
  const reserved = reservation(request, field);
  if (reserved) return reserved;
  if (request.kind === 'human') return humanSeat(request, field, `s${index + 1}`);
  const difficulty = request.difficulty ?? null;
  const name = request.name ?? null;
  if (difficulty !== null && !isDifficulty(difficulty)) return bad(`${field}.difficulty`, 'easy, medium, hard or expert');
  const badName = name === null ? null : cpuNameProblem(name);
  if (badName !== null) return bad(`${field}.name`, badName);
  return { seat: `s${index + 1}`, kind: 'cpu', difficulty: difficulty ?? DEFAULT_DIFFICULTY, name };
}

/** Checks a plan from outside and numbers its seats `s1`…; the first rule it breaks, naming the field. */
export function planSeats(plan: MatchPlan): SeatPlan[] | TableViolation {
  if (!isRuleset(plan.ruleset)) return bad('ruleset', 'classic, perudo or revolver');
  if (!isMatchKind(plan.kind)) return bad('kind', 'regular, practice or tutorial');
  if (typeof plan.ranked !== 'boolean') return bad('ranked', 'true or false');
  if (!Array.isArray(plan.seats) || plan.seats.length < MIN_PLAYERS || plan.seats.length > MAX_PLAYERS) {
    return new TableViolation('BAD_USER_INPUT', `seats: ${MIN_PLAYERS} to ${MAX_PLAYERS} seats`, 'seats');
  }
  // Rules.md §10: ratings rank people, so a CPU never sits at a ranked table.
  if (plan.ranked && plan.seats.some((seat) => seat.kind === 'cpu')) {
    return new TableViolation('BAD_USER_INPUT', 'seats: a ranked match seats humans only', 'seats');
  }
  const reserved = plan.seats.flatMap((seat) => (seat.account ? [seat.account.id] : []));
  if (new Set(reserved).size !== reserved.length) return new TableViolation('BAD_USER_INPUT', 'seats: an account holds one seat at most', 'seats');
  const seats: SeatPlan[] = [];
  for (const [index, request] of plan.seats.entries()) {
    const seat = seatPlan(request, index);
    if (seat instanceof TableViolation) return seat;
    seats.push(seat);
  }
  return seats;
}
