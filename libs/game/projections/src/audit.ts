import type { MatchEvent } from '@liars-dice/game-rules';
import { idleTime, whyClosed } from '@liars-dice/game-match';
import { foldEngine, isEngine } from './match-facts';
import type { ProjectedEvent } from './projected-event';

/** One line of a match's audit trail as stored: the whole event (secrets included) and what it decided. */
export interface AuditEntry {
  readonly index: number;
  readonly type: string;
  readonly actor: string | null;
  readonly commandId: string | null;
  readonly at: number;
  /** The rule outcome in words ("s2 bids four 5s", "liar on 4×5: 3 counted, the bid fails, s1 loses"). */
  readonly outcome: string;
  readonly data: unknown;
}

function bid(q: number, f: number): string {
  return `${q}×${f}`;
}

function describeEngine(event: MatchEvent): string {
  switch (event.type) {
    case 'MatchCreated':
      return `${event.data.ruleset} match starts with ${event.data.players.join(', ')}; ${event.data.starter} starts`;
    case 'RoundStarted':
      return `round ${event.data.round} rolled${event.data.palifico ? ' (palifico)' : ''}; ${event.data.starter} starts`;
    case 'BidPlaced':
      return `${event.data.by} bids ${bid(event.data.quantity, event.data.face)}; ${event.data.next} to act`;
    case 'LiarCalled':
      return `${event.data.by} calls liar on ${bid(event.data.bid.quantity, event.data.bid.face)}: ${event.data.count} counted, the bid ${event.data.holds ? 'holds' : 'fails'}; ${event.data.loser} loses`;
    case 'SpotOnCalled':
      return `${event.data.by} calls spot-on on ${bid(event.data.bid.quantity, event.data.bid.face)}: ${event.data.count} counted, ${event.data.exact ? 'exact' : 'not exact'}`;
    case 'TurnTimedOut':
      return `${event.data.player} ran out of time`;
    case 'DieLost':
      return `${event.data.player} loses a die (${event.data.dice} left)`;
    case 'DieRegained':
      return `${event.data.player} regains a die (${event.data.dice} now)`;
    case 'RevolverLoaded':
      return `${event.data.player}'s revolver holds ${event.data.bullets} (${event.data.reason})`;
    case 'TriggerPulled':
      return `${event.data.player} pulls the trigger (pull ${event.data.pull}, ${event.data.bullets}/6): ${event.data.fatal ? 'fatal' : 'survives'}`;
    case 'PlayersEliminated':
      return `${event.data.players.join(', ')} out, place ${event.data.place}`;
    case 'PlayerForfeited':
      return `${event.data.player} forfeits`;
    case 'RoundEnded':
      return `round ${event.data.round} ends; ${event.data.nextStarter} starts the next${event.data.palifico ? ' (palifico)' : ''}`;
    case 'MatchFinished':
      return `${event.data.winner} wins; the seed is revealed`;
  }
}

function describe(projected: ProjectedEvent): string {
  if (isEngine(projected)) return describeEngine(projected.event);
  const { event } = projected;
  switch (event.type) {
    case 'MatchOpened':
      return `${event.data.host.name} opens a ${event.data.ranked ? 'ranked ' : ''}${event.data.kind} ${event.data.ruleset} table of ${event.data.seats.length}`;
    case 'SeatTaken':
      return `${event.data.account.name} takes ${event.data.seat}`;
    case 'SeatLeft':
      return `${event.data.account.name} leaves ${event.data.seat}`;
    case 'HostHandedOver':
      return `${event.data.to.name} hosts the table (${event.data.from.name} left it)`;
    case 'LobbyClosed':
      return event.data.reason === 'empty' ? `the lobby is closed: ${event.data.lastLeft.name} was the last to leave before it started` : `the lobby is closed: ${whyClosed(event.data)}`;
    case 'SeatHandedToCpu':
      return `a CPU plays ${event.data.seat} in place of ${event.data.previous.name}`;
    case 'PlayerAbsent':
      return `${event.data.account.name} is absent: the match waited ${idleTime(event.data.idleSeconds)} on ${event.data.seat}`;
    default:
      return event.type.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  }
}

/** Never leaves the server, whoever asks: the sealed seed of `MatchOpened`. */
function withoutSecrets(projected: ProjectedEvent): unknown {
  if (projected.event.type !== 'MatchOpened') return projected.event.data;
  const { sealedSeed: _sealed, ...rest } = projected.event.data as typeof projected.event.data & { sealedSeed?: string };
  return rest;
}

export function auditEntry(projected: ProjectedEvent): AuditEntry {
  const { index, actor, commandId, at } = projected;
  return { index, type: projected.event.type, actor, commandId, at, outcome: describe(projected), data: withoutSecrets(projected) };
}

/** The rounds whose hands the engine has revealed after these events (ended, or in the history). */
function revealedRounds(stored: readonly AuditEntry[]): Set<number> {
  const state = foldEngine(stored.map(asProjected));
  if (state.status === 'none') return new Set();
  const rounds = new Set(state.history.map((round) => round.number));
  if (state.round?.end) rounds.add(state.round.number);
  return rounds;
}

export type AuditAudience = 'public' | 'moderator';

/**
 * The trail for an audience. Public: each round's dice are hidden until the event that reveals them (as
 * `playerView` does): a trail read mid-round shows no hand of the round in play. Moderators see every hand, but only once the
 * match is finished; before that they get the public trail. Returns whether anything was hidden.
 */
export function auditTrail(stored: readonly AuditEntry[], audience: AuditAudience): { entries: AuditEntry[]; redacted: boolean } {
  const finished = stored.some((e) => e.type === 'MatchFinished');
  if (audience === 'moderator' && finished) return { entries: [...stored], redacted: false };
  const revealed = revealedRounds(stored);
  let redacted = false;
  const entries = stored.map((entry) => {
    if (entry.type !== 'RoundStarted') return entry;
    const data = entry.data as { round: number; dice: unknown };
    if (revealed.has(data.round)) return entry;
    redacted = true;
    return { ...entry, data: { ...data, dice: null } };
  });
  return { entries, redacted };
}

/** A stored entry back as the event it records (the engine's events are stored whole). */
export function asProjected(entry: AuditEntry): ProjectedEvent {
  const event = { type: entry.type, data: entry.data } as ProjectedEvent['event'];
  return { matchId: '', index: entry.index, event, actor: entry.actor, commandId: entry.commandId, at: entry.at };
}
