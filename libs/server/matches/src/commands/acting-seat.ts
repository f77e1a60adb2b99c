import { Refusal } from '@liars-dice/server-platform';
import { RuleViolation } from '@liars-dice/game-rules';
import type { Actor } from '../match-command-runner';
import { isCpuSeat, type MatchRecord, seatOwnedBy } from '../match-record';

/** The seat the actor plays: its own seat for an account, a CPU seat for the bot driver. */
export function actingSeat(record: MatchRecord, actor: Actor): string {
  if (actor.kind === 'account') {
    const seat = seatOwnedBy(record, actor.id);
    if (!seat) throw new Refusal('FORBIDDEN', 'you have no seat at this table');
    return seat.seat;
  }
  const seat = actor.kind === 'cpu' ? record.seats.find((s) => s.seat === actor.seat) : undefined;
  if (!seat || !isCpuSeat(seat)) throw new Refusal('FORBIDDEN', 'not a CPU seat');
  return seat.seat;
}

/** A started match that is not over: the commands of play need one. */
export function requireStarted(record: MatchRecord): void {
  if (record.game.status === 'none') throw new Refusal('NOT_IN_LOBBY', 'the match has not started yet');
  if (record.game.status === 'finished') throw new RuleViolation('MATCH_OVER', 'the match is over');
}

/**
 * Machine senders (the bot driver, the timer) act on the revision they saw: if the match moved on since,
 * their command is stale and does nothing.
 */
export function isStale(record: MatchRecord, seenRevision: bigint | undefined): boolean {
  return seenRevision !== undefined && record.revision !== seenRevision;
}
