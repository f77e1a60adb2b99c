import type { MatchFacts, ReplayStep, ReplayViewer } from '@liars-dice/game-projections';
import { Refusal } from '@liars-dice/server-platform';
import type { Principal } from '@liars-dice/server-auth';
import { isModerator } from '../moderator';
import type { ReplayStepView } from './audit.types';

export interface ReplayRequest {
  readonly full: boolean;
  readonly seat: string | null;
}

/**
 * Who may see which replay. The public view: anyone. Every hand (`full`): anyone once the match is finished
 * (the seed is public then, so every die can be recomputed anyway); before that nobody, not even a moderator
 * with a dispute open: a live round's hands would reach someone who can talk to a player (NOT_FINISHED says
 * so). One seat's view: that seat's player, anyone once finished.
 */
export function replayViewer(facts: MatchFacts, caller: Principal | null, request: ReplayRequest): ReplayViewer {
  const finished = facts.status === 'finished';
  if (request.full && request.seat !== null) throw new Refusal('BAD_USER_INPUT', 'seat: leave it out with full (full shows every seat)', 'seat');
  if (request.full) {
    if (finished) return { kind: 'full' };
    throw new Refusal('NOT_FINISHED', 'full: no full reveal of a live round, even for moderators; it opens once the match is over', 'full');
  }
  return request.seat === null ? { kind: 'public' } : seatViewer(facts, caller, request.seat, finished);
}

function seatViewer(facts: MatchFacts, caller: Principal | null, asked: string, finished: boolean): ReplayViewer {
  const seat = facts.seats.find((s) => s.seat === asked);
  if (!seat) throw new Refusal('BAD_USER_INPUT', `seat: one of ${facts.seats.map((s) => s.seat).join(', ')}`, 'seat');
  if (finished || (caller !== null && seat.holder?.id === caller.id)) return { kind: 'seat', seat: seat.seat };
  throw new Refusal('FORBIDDEN', "seat: only its player sees a seat's dice before the match is finished (moderators too wait for the end)", 'seat');
}

/**
 * One step as the caller gets it. The store's own fields (the stream revision, the actor `account:<id>`, the
 * command id) are for moderators and admins, who follow a command across streams; anyone else gets null there:
 * they tell a player nothing about the game and name accounts by their ids.
 */
export function replayStepView(step: ReplayStep, caller: Principal | null): ReplayStepView {
  const staff = isModerator(caller);
  return {
    step: step.step,
    index: staff ? step.index : null,
    type: step.type,
    at: new Date(step.at).toISOString(),
    actor: staff ? step.actor : null,
    commandId: staff ? step.commandId : null,
    event: JSON.stringify(step.event),
    state: JSON.stringify(step.state),
  };
}
