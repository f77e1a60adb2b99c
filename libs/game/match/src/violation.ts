import { Violation } from '@liars-dice/game-rules';
import type { LobbyClosing } from './events';

/** Codes of a refused lobby or stream command (the engine's rule breaches keep their own codes). */
export const TABLE_VIOLATION_CODES = [
  /** The caller's input is malformed or out of range; `field` names it. */
  'BAD_USER_INPUT',
  /** The caller may not do this here (no seat at the table, not the host, not a CPU seat). */
  'FORBIDDEN',
  'NOT_FOUND',
  'MATCH_EXISTS',
  /** A lobby command on a match that has started. */
  'NOT_IN_LOBBY',
  /** A play command on a match whose host has not started it. */
  'NOT_STARTED',
  /** A lobby or play command on a lobby closed before it started (`LobbyClosed`: everyone left, or its host closed it): it never starts. */
  'LOBBY_CLOSED',
  /** The lobby timer's `ExpireLobby` before the lobby has been idle long enough (its clock ran ahead): armed again. */
  'LOBBY_NOT_IDLE',
  /** The inactivity timer's `ExpireInactivity` before the match has waited long enough (its clock ran ahead): armed again. */
  'MATCH_NOT_IDLE',
  'ALREADY_SEATED',
  'NO_FREE_SEAT',
  'SEAT_TAKEN',
  'SEATS_OPEN',
  /** The account is banned from ranked play (a moderation sanction) until the time the message gives. */
  'RANKED_BAN',
  /** The account carries a collusion mark (a moderation sanction, held until a moderator lifts it). */
  'COLLUSION_MARK',
  /** A command id sent again by another sender, as another command or with other values. */
  'IDEMPOTENCY_KEY_REUSED',
  /** The host already hosts as many open casual lobbies as the server's MAX_OPEN_LOBBIES allows. */
  'TOO_MANY_OPEN_LOBBIES',
] as const;
export type TableViolationCode = (typeof TABLE_VIOLATION_CODES)[number];

/** A refused lobby or stream command, returned as a value by the deciders (never thrown by them). */
export class TableViolation extends Violation<TableViolationCode> {
  override readonly name = 'TableViolation';
}

/** Any command on a closed lobby: final, so the message says why and what to do instead. */
export function lobbyClosed(closing: LobbyClosing | undefined): TableViolation {
  return new TableViolation('LOBBY_CLOSED', `the lobby was closed: ${whyClosed(closing)}; open a new match`);
}

/** Why a lobby was closed, as a clause: "ann closed it before it started". */
export function whyClosed(closing: LobbyClosing | undefined): string {
  switch (closing?.reason) {
    case 'cancelled':
      return `${closing.by.name} closed it before it started`;
    case 'expired':
      return `it expired after ${idleTime(closing.idleSeconds)} with nobody joining, leaving or starting it`;
    default:
      return 'everyone left it before it started';
  }
}

/** An idle time as people say it: "30 minutes", "1 hour", "45 seconds" (whole units, the largest that fits). */
export function idleTime(seconds: number): string {
  const [amount, unit] = seconds % 3600 === 0 ? [seconds / 3600, 'hour'] : seconds % 60 === 0 ? [seconds / 60, 'minute'] : [seconds, 'second'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}
