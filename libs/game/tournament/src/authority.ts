import type { PlayerId } from '@liars-dice/game-rules';
import type { Tournament } from './state';
import { TournamentViolation } from './tournament-violation';
import { ACTOR_ROLES, type Actor } from './vocabulary';

export function isActor(value: unknown): value is Actor {
  if (!value || typeof value !== 'object') return false;
  const { id, role } = value as Record<string, unknown>;
  return typeof id === 'string' && id.length > 0 && (ACTOR_ROLES as readonly unknown[]).includes(role);
}

const malformed = () => new TournamentViolation('NOT_ALLOWED', 'by: expected an actor with an id and a role');

/** The organiser of this tournament, an admin, or the server itself. */
export function checkOrganiser(state: Tournament, by: unknown, what: string): TournamentViolation | null {
  if (!isActor(by)) return malformed();
  if (by.role === 'admin' || by.role === 'system' || by.id === state.config.organiser) return null;
  return new TournamentViolation('NOT_ALLOWED', `only the organiser of this tournament may ${what}`);
}

/** A moderator, an admin, or the server acting on a moderation decision. */
export function checkModerator(by: unknown, what: string): TournamentViolation | null {
  if (!isActor(by)) return malformed();
  if (by.role === 'moderator' || by.role === 'admin' || by.role === 'system') return null;
  return new TournamentViolation('NOT_ALLOWED', `only a moderator may ${what}`);
}

/** The player themselves, or whoever may organise. */
export function checkSelfOrOrganiser(state: Tournament, by: unknown, player: PlayerId, what: string): TournamentViolation | null {
  if (isActor(by) && by.id === player) return null;
  return checkOrganiser(state, by, `${what} for another player`);
}
