import { decide as decideEngine, RuleViolation } from '@liars-dice/game-rules';
import type { ExpireInactivity } from './commands';
import type { StreamEvent } from './events';
import type { TableState } from './state';
import { cpuPlays } from './table';
import { idleTime, lobbyClosed, TableViolation } from './violation';
import { type AccountRef, DEFAULT_DIFFICULTY } from './vocabulary';

type Decision = readonly StreamEvent[] | TableViolation | RuleViolation;

/**
 * The operator's inactivity settings (ADR 0072), named as the server's settings: how long a started match without a
 * turn timer may wait on a person before they count as absent, and the same when no other person plays at the
 * table (nobody but CPUs waits on them), which is shorter. Whole seconds, from 1.
 */
export interface InactivitySettings {
  /** `MATCH_INACTIVITY_SECONDS`. */
  readonly inactivitySeconds: number;
  /** `MATCH_SOLO_INACTIVITY_SECONDS`. */
  readonly soloInactivitySeconds: number;
}

/** Ten minutes while other people wait; five when only CPUs do. */
export const DEFAULT_INACTIVITY: InactivitySettings = { inactivitySeconds: 600, soloInactivitySeconds: 300 };

/** Whom a started match waits on, and how long it waits before they count as absent. */
export interface AwaitedSeat {
  readonly seat: string;
  readonly account: AccountRef;
  readonly idleSeconds: number;
}

/**
 * The person the match waits on, or null when nobody can be absent: the match is not in play, it has a turn timer
 * (the timer already moves it on), or a CPU is to act. The one rule the decider and the timer that arms
 * `ExpireInactivity` both follow.
 */
export function awaitedSeat(state: TableState, settings: InactivitySettings): AwaitedSeat | null {
  const { table, game } = state;
  if (table.status !== 'playing' || game.status !== 'bidding' || game.options.turnSeconds !== null) return null;
  const seat = table.seats.find((s) => s.seat === game.toAct);
  if (!seat?.holder || cpuPlays(seat)) return null;
  const stillIn = new Set(game.seats.filter((s) => !s.out).map((s) => s.id));
  const others = table.seats.some((s) => s.seat !== seat.seat && s.holder !== null && !cpuPlays(s) && stillIn.has(s.seat));
  return { seat: seat.seat, account: seat.holder, idleSeconds: others ? settings.inactivitySeconds : settings.soloInactivitySeconds };
}

/** When a match idle since `idleSince` (the commit of its last command) counts its awaited player absent. */
export function inactivityExpiry(idleSince: number, idleSeconds: number): number {
  return Math.ceil(idleSince) + idleSeconds * 1000;
}

/** Why the command's settings or time are not ones the decider takes, or null. */
function badInput({ idleSince, settings }: ExpireInactivity['data']): TableViolation | null {
  for (const field of ['inactivitySeconds', 'soloInactivitySeconds'] as const) {
    const seconds = settings?.[field];
    if (typeof seconds !== 'number' || !Number.isInteger(seconds) || seconds < 1) {
      return new TableViolation('BAD_USER_INPUT', `settings.${field}: the server's setting, whole seconds from 1`, `settings.${field}`);
    }
  }
  if (!Number.isFinite(idleSince)) return new TableViolation('BAD_USER_INPUT', "idleSince: the commit time (epoch ms) of the match's last command", 'idleSince');
  return null;
}

/**
 * The inactivity timer's command (docs/rules.md, "A match nobody plays on"): once the match has waited on a person
 * for its limit, they are absent. A casual match hands their seat to a CPU, as if they had left; a ranked one
 * forfeits it, as the engine's `Forfeit` does for a ranked leaver. A match no longer waiting on a person (a move
 * came, it ended, a CPU is to act) has nothing to do: no events. The timer's command id fences it by revision.
 */
export function expireInactivity(state: TableState, data: ExpireInactivity['data']): Decision {
  const { table } = state;
  if (table.status === 'none') return new TableViolation('NOT_FOUND', 'matchId: no such match', 'matchId');
  if (table.status === 'closed') return lobbyClosed(table.closing);
  if (table.status === 'lobby') return new TableViolation('NOT_STARTED', 'the match has not started yet');
  const bad = badInput(data);
  if (bad) return bad;
  const awaited = awaitedSeat(state, data.settings);
  if (!awaited) return [];
  const { seat, account, idleSeconds } = awaited;
  const due = inactivityExpiry(data.idleSince, idleSeconds);
  if (data.at < due) {
    const since = new Date(data.idleSince).toISOString();
    return new TableViolation('MATCH_NOT_IDLE', `the match has waited on ${account.name} since ${since}: absent after ${idleTime(idleSeconds)}, at ${new Date(due).toISOString()}`);
  }
  const absent: StreamEvent = { type: 'PlayerAbsent', data: { seat, account, idleSince: data.idleSince, idleSeconds } };
  if (!table.ranked) return [absent, { type: 'SeatHandedToCpu', data: { seat, difficulty: DEFAULT_DIFFICULTY, previous: account } }];
  const forfeited = decideEngine(state.game, { type: 'Forfeit', data: { player: seat, at: data.at } });
  return forfeited instanceof RuleViolation ? forfeited : [absent, ...forfeited];
}
