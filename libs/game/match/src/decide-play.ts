import { decide as decideEngine, type MatchCommand, RuleViolation } from '@liars-dice/game-rules';
import type { Actor } from './actor';
import type { CallLiar, CallSpotOn, PlaceBid, TimeOut } from './commands';
import type { StreamEvent } from './events';
import type { TableState } from './state';
import { cpuPlays, type OpenTable, seatHeldBy } from './table';
import { lobbyClosed, TableViolation } from './violation';

type Decision = readonly StreamEvent[] | TableViolation | RuleViolation;

/** The seat the actor plays: its own seat for an account, a CPU-played seat for the bot driver. */
function actingSeat(table: OpenTable, actor: Actor): string | TableViolation {
  if (actor.kind === 'account') return seatHeldBy(table, actor.id)?.seat ?? new TableViolation('FORBIDDEN', 'you have no seat at this table');
  const seat = actor.kind === 'cpu' ? table.seats.find((s) => s.seat === actor.seat) : undefined;
  return seat && cpuPlays(seat) ? seat.seat : new TableViolation('FORBIDDEN', 'not a CPU seat');
}

/** A move by whoever plays a seat, decided by the engine once the seat and the match's phase allow it. */
function play(state: TableState, actor: Actor, move: (by: string) => MatchCommand): Decision {
  const { table } = state;
  if (table.status === 'none') return new TableViolation('NOT_FOUND', 'matchId: no such match', 'matchId');
  if (table.status === 'closed') return lobbyClosed(table.closing);
  const by = actingSeat(table, actor);
  if (by instanceof TableViolation) return by;
  if (table.status === 'lobby') return new TableViolation('NOT_STARTED', 'the match has not started yet');
  if (table.status === 'finished') return new RuleViolation('MATCH_OVER', 'the match is over');
  return decideEngine(state.game, move(by));
}

export function placeBid(state: TableState, { actor, quantity, face, at }: PlaceBid['data']): Decision {
  return play(state, actor, (by) => ({ type: 'PlaceBid', data: { by, quantity, face, at } }));
}

export function callLiar(state: TableState, { actor, at }: CallLiar['data']): Decision {
  return play(state, actor, (by) => ({ type: 'CallLiar', data: { by, at } }));
}

export function callSpotOn(state: TableState, { actor, at }: CallSpotOn['data']): Decision {
  return play(state, actor, (by) => ({ type: 'CallSpotOn', data: { by, at } }));
}

/**
 * The engine refuses a timeout before the recorded deadline (TURN_NOT_EXPIRED); a timer for a match no
 * longer waiting on a player has nothing to do.
 */
export function timeOut(state: TableState, { at }: TimeOut['data']): Decision {
  const { game } = state;
  if (game.status !== 'bidding') return [];
  return decideEngine(game, { type: 'TimeOut', data: { player: game.toAct, at } });
}
