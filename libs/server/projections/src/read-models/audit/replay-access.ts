import type { MatchFacts, ReplayViewer } from '@liars-dice/game-projections';
import { Refusal } from '@liars-dice/server-platform';
import type { Principal } from '@liars-dice/server-auth';

export interface ReplayRequest {
  readonly full: boolean;
  readonly seat: string | null;
}

function isModerator(caller: Principal | null): boolean {
  return caller?.role === 'moderator' || caller?.role === 'admin';
}

/**
 * Who may see which replay. The public view: anyone. Every hand (`full`): anyone once the match is finished
 * (the seed is public then, so every die can be recomputed anyway), and a moderator on a disputed match. One
 * seat's view: that seat's player, anyone once finished, a moderator on a disputed match.
 */
export function replayViewer(facts: MatchFacts, caller: Principal | null, request: ReplayRequest): ReplayViewer {
  const open = facts.status === 'finished' || (isModerator(caller) && facts.disputed);
  if (request.full && request.seat !== null) throw new Refusal('BAD_USER_INPUT', 'seat: leave it out with full (full shows every seat)', 'seat');
  if (request.full) {
    if (open) return { kind: 'full' };
    throw new Refusal('FORBIDDEN', 'full: every hand only once the match is finished (moderators: while it is disputed)', 'full');
  }
  return request.seat === null ? { kind: 'public' } : seatViewer(facts, caller, request.seat, open);
}

function seatViewer(facts: MatchFacts, caller: Principal | null, asked: string, open: boolean): ReplayViewer {
  const seat = facts.seats.find((s) => s.seat === asked);
  if (!seat) throw new Refusal('BAD_USER_INPUT', `seat: one of ${facts.seats.map((s) => s.seat).join(', ')}`, 'seat');
  if (open || (caller !== null && seat.holder?.id === caller.id)) return { kind: 'seat', seat: seat.seat };
  throw new Refusal('FORBIDDEN', "seat: only its player sees a seat's dice before the match is finished", 'seat');
}
