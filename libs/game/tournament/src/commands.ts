import type { FairnessCommitment, PlayerId } from '@liars-dice/game-rules';
import type { Actor, PlayerKind } from './vocabulary';

interface Command<Type extends string, Data> {
  readonly type: Type;
  readonly data: Readonly<Data>;
}

/** `at` (milliseconds since the epoch) is when the server received the command: time is an input. */
interface Timed {
  at: number;
}

/** Untrusted input from outside: every field is checked by the decider, and a bad one is named. */
export type CreateTournament = Command<
  'CreateTournament',
  Timed & {
    tournamentId: string;
    name: string;
    by: Actor;
    /** The organiser's account name, shown as the host of every table's match. */
    organiserName: string;
    family: string;
    options?: unknown;
    ranked: boolean;
    capacity: number;
    tableSize: { min: number; max: number };
    format: string;
    rounds?: number;
    finalTableSize?: number;
    advancePerTable?: number;
    registrationOpensAt: number;
    registrationClosesAt: number;
    startsAt: number;
    checkInMinutes?: number;
    lateRegistrationUntilRound?: number;
    autoPublish?: boolean;
    fairness: FairnessCommitment;
  }
>;

/** Facts the server adds from moderation before a registration or a check-in (absent: nothing bars the player). */
export interface RankedFacts {
  /** Until when the player is banned from ranked play (null: not). */
  rankedBanUntil?: number | null;
  /** The collusion mark in force on the player's account (its sanction id; null: none). */
  collusionMark?: string | null;
}

/**
 * `lot` is the player's draw for the last tie-break, derived by the house from the tournament's committed
 * seed (`<tournamentId>|lot|<player>`), so the decider never needs the seed.
 */
export type RegisterPlayer = Command<
  'RegisterPlayer',
  Timed & {
    player: PlayerId;
    name: string;
    kind: PlayerKind;
    difficulty?: string;
    by: Actor;
    lot: number;
    /** A CPU's name as it reads: the account it would pass for (the server looks the accounts up). */
    nameReadsAs?: string | null;
  } & RankedFacts
>;
export type WithdrawPlayer = Command<'WithdrawPlayer', Timed & { player: PlayerId; by: Actor }>;
export type CheckIn = Command<'CheckIn', Timed & { player: PlayerId; by: Actor } & RankedFacts>;
export type StartTournament = Command<'StartTournament', Timed & { by: Actor }>;
export type CancelTournament = Command<'CancelTournament', Timed & { by: Actor; reason: string }>;
/**
 * The house's draw for the round due: `order` is a permutation of the players to seat, derived from the
 * committed seed (`<tournamentId>|seating|<round>`). The decider turns it into tables (seating-plan.ts).
 */
export type DraftSeating = Command<'DraftSeating', Timed & { round: number; order: readonly PlayerId[] }>;
export type PublishSeating = Command<'PublishSeating', Timed & { round: number; by: Actor }>;
/** The process manager created the table's match. */
export type AssignTableMatch = Command<'AssignTableMatch', Timed & { round: number; table: number; matchId: string }>;
/**
 * A table's match finished: `placements` are the match's groups of players, winner first (players out at the
 * same moment share a group); `absent` lists the players who never acted in it.
 */
export type RecordTableResult = Command<
  'RecordTableResult',
  Timed & { round: number; table: number; matchId: string; placements: readonly (readonly PlayerId[])[]; absent?: readonly PlayerId[] }
>;
/** A moderator voided the table's match (docs/tournaments.md: points removed, or the table replayed). */
export type VoidTable = Command<'VoidTable', Timed & { round: number; table: number; matchId: string; by: Actor; reason: string }>;
/** A void was lifted (on appeal): a table whose points were removed counts again. */
export type RestoreTable = Command<'RestoreTable', Timed & { round: number; table: number; matchId: string; by: Actor }>;
export type DisqualifyPlayer = Command<
  'DisqualifyPlayer',
  Timed & { player: PlayerId; by: Actor; reason: string; sanctionId?: string }
>;
/**
 * The sanction `sanctionId` that disqualified the player was lifted and nothing else bars them (the server
 * checks moderation's sanctions before sending it): back in, if the tournament can still seat them.
 */
export type ReinstatePlayer = Command<'ReinstatePlayer', Timed & { player: PlayerId; by: Actor; reason: string; sanctionId: string }>;

export type TournamentCommand =
  | CreateTournament
  | RegisterPlayer
  | WithdrawPlayer
  | CheckIn
  | StartTournament
  | CancelTournament
  | DraftSeating
  | PublishSeating
  | AssignTableMatch
  | RecordTableResult
  | VoidTable
  | RestoreTable
  | DisqualifyPlayer
  | ReinstatePlayer;

export type TournamentCommandType = TournamentCommand['type'];

/** A command as a sender builds it; whoever runs it stamps the time. */
export type UntimedTournamentCommand<C extends TournamentCommand = TournamentCommand> = C extends TournamentCommand
  ? { readonly type: C['type']; readonly data: Readonly<Omit<C['data'], 'at'>> }
  : never;

/**
 * The sender's own values of a command (what tells an exact retry from a reused command id): everything but
 * the time and what the house or the server adds (the sender, the lot, the draw, the seed's commitment, the
 * sanctions read from moderation, which may have changed between a command and its retry).
 */
export function requestOfTournament(command: UntimedTournamentCommand): Readonly<Record<string, unknown>> {
  const { by: _by, lot: _lot, order: _order, fairness: _fairness, rankedBanUntil: _ban, collusionMark: _mark, ...request } = command.data as Record<string, unknown>;
  return request;
}
