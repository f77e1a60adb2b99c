import { decide as decideEngine, resolveOptions, RuleViolation } from '@liars-dice/game-rules';
import type { JoinMatch, LeaveMatch, OpenMatch, StartMatch } from './commands';
import type { StreamEvent } from './events';
import { planSeats } from './plan';
import type { TableState } from './state';
import { freeSeats, type OpenTable, seatHeldBy } from './table';
import { TableViolation } from './violation';
import { DEFAULT_DIFFICULTY } from './vocabulary';

type Decision = readonly StreamEvent[] | TableViolation | RuleViolation;

const NO_MATCH = (): TableViolation => new TableViolation('NOT_FOUND', 'matchId: no such match', 'matchId');

/** A ranked seat is refused to an account whose ranked ban has not ended yet. */
function rankedBan(ranked: boolean, until: number | null | undefined, at: number): TableViolation | null {
  if (!ranked || until === null || until === undefined || at >= until) return null;
  return new TableViolation('RANKED_BAN', `banned from ranked play until ${new Date(until).toISOString()}`);
}

/** The table if it is still in its lobby, or why not. */
function inLobby(state: TableState): OpenTable | TableViolation {
  if (state.table.status === 'none') return NO_MATCH();
  if (state.table.status !== 'lobby') return new TableViolation('NOT_IN_LOBBY', 'the match has already started');
  return state.table;
}

export function openMatch(state: TableState, { matchId, host, plan, fairness, sealedSeed, at, rankedBanUntil }: OpenMatch['data']): Decision {
  if (state.table.status !== 'none') return new TableViolation('MATCH_EXISTS', 'the match already exists');
  const seats = planSeats(plan);
  if (seats instanceof TableViolation) return seats;
  // Ranked tables seat humans only, and the host takes the first seat: a banned host may not open one.
  const banned = rankedBan(plan.ranked, rankedBanUntil, at);
  if (banned) return banned;
  const options = resolveOptions(plan.ruleset, plan.options);
  if (options instanceof RuleViolation) return options;
  const { ruleset, ranked, kind } = plan;
  const opened: StreamEvent = {
    type: 'MatchOpened',
    data: { matchId, ruleset, options, chosenOptions: plan.options, ranked, kind, host, seats, fairness, sealedSeed, openedAt: at },
  };
  // The host takes the first human seat; the host of a CPU-only table watches.
  const hostSeat = seats.find((seat) => seat.kind === 'human');
  return hostSeat ? [opened, { type: 'SeatTaken', data: { seat: hostSeat.seat, account: host } }] : [opened];
}

export function joinMatch(state: TableState, { account, seat, rankedBanUntil, at }: JoinMatch['data']): Decision {
  const table = inLobby(state);
  if (table instanceof TableViolation) return table;
  const banned = rankedBan(table.ranked, rankedBanUntil, at);
  if (banned) return banned;
  if (seatHeldBy(table, account.id)) return new TableViolation('ALREADY_SEATED', 'you already have a seat at this table');
  const free = freeSeats(table);
  const chosen = seat === null ? free[0] : free.find((s) => s.seat === seat);
  if (chosen) return [{ type: 'SeatTaken', data: { seat: chosen.seat, account } }];
  return seat === null
    ? new TableViolation('NO_FREE_SEAT', 'every human seat is taken')
    : new TableViolation('SEAT_TAKEN', `seat: ${seat} is not a free human seat`, 'seat');
}

export function startMatch(state: TableState, { account }: StartMatch['data']): Decision {
  const table = inLobby(state);
  if (table instanceof TableViolation) return table;
  if (table.host.id !== account.id) return new TableViolation('FORBIDDEN', 'only the host starts the match');
  const open = freeSeats(table).length;
  if (open > 0) return new TableViolation('SEATS_OPEN', `${open} human seat(s) still free`);
  const players = table.seats.map((s) => s.seat);
  const { matchId, ruleset, chosenOptions: options, fairness } = table;
  return decideEngine(state.game, { type: 'CreateMatch', data: { matchId, ruleset, options, players, fairness } });
}

/**
 * Leaving (ADR 0005): in the lobby the seat is freed; in a started unranked match a medium CPU takes the seat
 * over; in a ranked match the player forfeits (the engine's `Forfeit`).
 */
export function leaveMatch(state: TableState, { actor, at }: LeaveMatch['data']): Decision {
  const { table } = state;
  if (table.status === 'none') return NO_MATCH();
  if (actor.kind !== 'account') return new TableViolation('FORBIDDEN', 'only a player leaves');
  const account = { id: actor.id, name: actor.name };
  const seat = seatHeldBy(table, account.id);
  if (!seat) return new TableViolation('FORBIDDEN', 'you have no seat at this table');
  if (table.status === 'lobby') return [{ type: 'SeatLeft', data: { seat: seat.seat, account } }];
  if (table.status === 'finished') return new RuleViolation('MATCH_OVER', 'the match is over');
  if (table.ranked) return decideEngine(state.game, { type: 'Forfeit', data: { player: seat.seat, at } });
  return [{ type: 'SeatHandedToCpu', data: { seat: seat.seat, difficulty: DEFAULT_DIFFICULTY, previous: account } }];
}
