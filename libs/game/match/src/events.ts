import { type FairnessCommitment, MATCH_EVENT_TYPES, type MatchEvent, type MatchOptions, type Ruleset } from '@liars-dice/game-rules';
import type { TournamentTableRef } from './plan';
import type { AccountRef, Difficulty, MatchKind, SeatKind } from './vocabulary';

interface Event<Type extends string, Data> {
  readonly type: Type;
  readonly data: Readonly<Data>;
}

/** A seat as the host planned it. */
export interface SeatPlan {
  /** The seat's player id in the engine's events (`s1`…`s6`, in seat order). */
  readonly seat: string;
  readonly kind: SeatKind;
  /** CPU seats only. */
  readonly difficulty: Difficulty | null;
  /** CPU seats only: the name the host gave it (absent in tables opened before seats had names). */
  readonly name?: string | null;
}

/**
 * The first event of every match stream. `sealedSeed` is the match's secret seed encrypted with the server's
 * seed key (ADR 0004): it never leaves the server and no read model copies it.
 */
export type MatchOpened = Event<
  'MatchOpened',
  {
    matchId: string;
    ruleset: Ruleset;
    /** The full options in force (the family preset with the table's changes). */
    options: MatchOptions;
    /** Only what the table changed: the engine's CreateMatch takes these at the start. */
    chosenOptions: Readonly<Record<string, unknown>>;
    ranked: boolean;
    kind: MatchKind;
    host: AccountRef;
    seats: readonly SeatPlan[];
    fairness: FairnessCommitment;
    sealedSeed: string;
    openedAt: number;
    /** The tournament table this match is played for; absent or null for any other match. */
    tournament?: TournamentTableRef | null;
    /**
     * How long (whole seconds) the host chose to let the lobby sit idle before it expires; absent when
     * the host chose none (and in every stream from before the choice): the server's `LOBBY_IDLE_SECONDS` then.
     */
    lobbyIdleSeconds?: number;
  }
>;
export type SeatTaken = Event<'SeatTaken', { seat: string; account: AccountRef }>;
export type SeatLeft = Event<'SeatLeft', { seat: string; account: AccountRef }>;
/**
 * The host role passed to another person (a lobby's host is a seated human): to the next seated human, in seat
 * order, when the host leaves the lobby; to the first human who sits at a lobby nobody hosts from a seat any
 * more (the host left an empty table). Tournament tables keep their host: the director starts them.
 */
export type HostHandedOver = Event<'HostHandedOver', { from: AccountRef; to: AccountRef }>;
/**
 * The lobby was closed before it started. `empty`: the last seated human left it, so nobody is left to fill or
 * start it (written in the same append as that `SeatLeft`). `cancelled`: its host (or an admin), `by`, closed it
 * (`CloseLobby`), e.g. a table only CPUs fill that its host watched and will not start. `expired`: nothing
 * happened there for `idleSeconds` (the idle time in force then: the host's choice capped by the server's
 * `LOBBY_IDLE_SECONDS`, or that setting) since `idleSince` (epoch ms, the commit time of its last
 * command): the lobby timer's `ExpireLobby`. Final: a closed lobby takes no
 * seat and never starts. Never at a tournament table (its organiser keeps it; its director seats and starts it).
 * Streams from before this event keep an emptied lobby open (hostless: the first human who sits hosts it).
 */
export type LobbyClosed = Event<'LobbyClosed', LobbyClosing>;
/** Why a lobby was closed: the last to leave it, the host or admin who closed it, or how long it sat idle. */
export type LobbyClosing =
  | { reason: 'empty'; lastLeft: AccountRef }
  | { reason: 'cancelled'; by: AccountRef }
  | { reason: 'expired'; idleSince: number; idleSeconds: number };
/** A player left a started unranked match: a CPU plays the seat from now on. */
export type SeatHandedToCpu = Event<'SeatHandedToCpu', { seat: string; difficulty: Difficulty; previous: AccountRef }>;
/**
 * A started match without a turn timer took no command for the inactivity limit while it waited on this seat's
 * player (docs/rules.md, "A match nobody plays on"): the player counts as absent. The same append goes on
 * with what follows from it: `SeatHandedToCpu` in a casual match, the engine's `PlayerForfeited` in a ranked one.
 * `idleSince`: the commit time of the match's last command (epoch ms); `idleSeconds`: the limit in force.
 */
export type PlayerAbsent = Event<'PlayerAbsent', { seat: string; account: AccountRef; idleSince: number; idleSeconds: number }>;

/** The lobby's events: everything in a match stream around the engine's own, none of them carrying dice. */
export type LobbyEvent = MatchOpened | SeatTaken | SeatLeft | HostHandedOver | LobbyClosed | SeatHandedToCpu | PlayerAbsent;

/**
 * Moderation's marks on the match, written by the moderation feature (libs/game/moderation decides them on
 * the match's disputes stream; its reactor copies their effect here, where every read model looks): a new
 * dispute flags the match (a live one's result waits for the ruling), a ruling resolves it, a void takes the
 * match out of every rating and statistic, and an appeal may restore it.
 */
export type MatchDisputed = Event<'MatchDisputed', { disputeId: string; live: boolean }>;
export type DisputeResolved = Event<'DisputeResolved', { disputeId: string; outcome: 'dismiss' | 'warn' | 'void' | 'sanction' }>;
export type MatchVoided = Event<'MatchVoided', { disputeId: string; reason: string }>;
export type MatchUnvoided = Event<'MatchUnvoided', { disputeId: string; reason: string }>;
export type ModerationEvent = MatchDisputed | DisputeResolved | MatchVoided | MatchUnvoided;

/** Every event a `match-<id>` stream may hold: the lobby's, the engine's and moderation's. */
export type StreamEvent = LobbyEvent | MatchEvent | ModerationEvent;

export const LOBBY_EVENT_TYPES = ['MatchOpened', 'SeatTaken', 'SeatLeft', 'HostHandedOver', 'LobbyClosed', 'SeatHandedToCpu', 'PlayerAbsent'] as const satisfies readonly LobbyEvent['type'][];
export const MODERATION_EVENT_TYPES = ['MatchDisputed', 'DisputeResolved', 'MatchVoided', 'MatchUnvoided'] as const satisfies readonly ModerationEvent['type'][];

// Compile-time checks that the lists name every type of their union.
type Unlisted<Union extends string, Listed extends readonly string[]> = Exclude<Union, Listed[number]>;
const everyLobbyType: Unlisted<LobbyEvent['type'], typeof LOBBY_EVENT_TYPES> extends never ? true : never = true;
const everyModerationType: Unlisted<ModerationEvent['type'], typeof MODERATION_EVENT_TYPES> extends never ? true : never = true;
void everyLobbyType;
void everyModerationType;

export const STREAM_EVENT_TYPES: readonly StreamEvent['type'][] = [...LOBBY_EVENT_TYPES, ...MATCH_EVENT_TYPES, ...MODERATION_EVENT_TYPES];

const ENGINE_TYPES = new Set<string>(MATCH_EVENT_TYPES);
const STREAM_TYPES = new Set<string>(STREAM_EVENT_TYPES);

export function isEngineEvent(event: { readonly type: string }): event is MatchEvent {
  return ENGINE_TYPES.has(event.type);
}

/**
 * A step of a match's replay: every engine event, and a player's absence (what happened at the table that no engine
 * event says). Steps are numbered in this order; a dispute's `steps` name them.
 */
export function isReplayStep(event: { readonly type: string }): boolean {
  return ENGINE_TYPES.has(event.type) || event.type === 'PlayerAbsent';
}

/** Whether a stored type is one of the match stream's (anything else in a match stream is ignored). */
export function isStreamEvent(event: { readonly type: string }): event is StreamEvent {
  return STREAM_TYPES.has(event.type);
}
