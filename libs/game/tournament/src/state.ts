import type { FairnessCommitment, PlayerId } from '@liars-dice/game-rules';
import type { TournamentConfig } from './config';
import type { TableResult, VoidRule } from './events';
import type { PlayerKind, PlayerStatus, Stage } from './vocabulary';

export interface PlayerRecord {
  readonly id: PlayerId;
  readonly name: string;
  readonly kind: PlayerKind;
  readonly difficulty: string | null;
  /** The player's draw, the last tie-break: the lower lot ranks higher. */
  readonly lot: number;
  readonly late: boolean;
  /** The first round the player may be seated in. */
  readonly firstRound: number;
  readonly checkedIn: boolean;
  readonly status: PlayerStatus;
  /**
   * The round in which the player left, was knocked out or was disqualified (null while in, and for one who left
   * between rounds); 0 for one who left before the start (withdrew, or did not check in): not in the field.
   */
  readonly leftInRound: number | null;
  /** The moderation sanction that disqualified the player (null: not disqualified, or disqualified by hand). */
  readonly sanctionId: string | null;
  /**
   * A reinstated player's round of disqualification: the table they were taken from there stays forfeited
   * (its match went on without them), though they are back in for the rounds after it.
   */
  readonly forfeitRound: number | null;
}

/** `seated` until its match is assigned, `playing` until the match's result is in, then `finished` or `voided`. */
export type TableStatus = 'seated' | 'playing' | 'finished' | 'voided';

export interface TableRecord {
  readonly table: number;
  readonly players: readonly PlayerId[];
  readonly status: TableStatus;
  readonly matchId: string | null;
  /** The results, kept while a table is voided with its points removed (a restore brings them back). */
  readonly results: readonly TableResult[] | null;
  readonly voided: VoidRule | null;
  /** Matches of this table that were voided and replayed, oldest first. */
  readonly replayed: readonly string[];
}

export type RoundStatus = 'drafted' | 'published' | 'completed';

export interface RoundRecord {
  readonly round: number;
  readonly stage: Stage;
  readonly status: RoundStatus;
  readonly tables: readonly TableRecord[];
  readonly advancing: readonly PlayerId[];
}

export type TournamentStatus = 'registration' | 'running' | 'finished' | 'cancelled';

export interface Tournament {
  readonly status: TournamentStatus;
  readonly config: TournamentConfig;
  readonly fairness: FairnessCommitment;
  /**
   * Every player ever registered, in registration order: those who left before the start (withdrew, or did not
   * check in) stay with their lot, marked (`leftBeforeStart`), outside the field.
   */
  readonly players: ReadonlyMap<PlayerId, PlayerRecord>;
  /** Rounds in order; the last may be a draft. */
  readonly rounds: readonly RoundRecord[];
  readonly createdAt: number;
  readonly startedAt: number | null;
  readonly endedAt: number | null;
  readonly winner: PlayerId | null;
}

export type TournamentState = { readonly status: 'none' } | Tournament;

export const initialState: TournamentState = { status: 'none' };

export function isDone(table: TableRecord): boolean {
  return table.status === 'finished' || table.status === 'voided';
}

/** A table whose results count toward points and tie-breaks. */
export function counts(table: TableRecord): table is TableRecord & { results: readonly TableResult[] } {
  return table.status === 'finished' && table.results !== null;
}

export function currentRound(state: Tournament): RoundRecord | undefined {
  return state.rounds.at(-1);
}

export function tableOf(round: RoundRecord | undefined, table: number): TableRecord | undefined {
  return round?.tables[table - 1];
}

/** Where a player sits in a round, if anywhere. */
export function seatOf(round: RoundRecord | undefined, player: PlayerId): TableRecord | undefined {
  return round?.tables.find((table) => table.players.includes(player));
}

/** The round a player who left before the start is marked with: none of the rounds (they are numbered from 1). */
export const BEFORE_START = 0;

/** Withdrew before the start or did not check in: listed with their lot, but never in the field. */
export function leftBeforeStart(player: PlayerRecord): boolean {
  return player.leftInRound === BEFORE_START && (player.status === 'withdrawn' || player.status === 'no-show');
}

/** A player in the field (registered, or who started): undefined for one never registered or who left before the start. */
export function entrant(state: Tournament, id: PlayerId): PlayerRecord | undefined {
  const player = state.players.get(id);
  return player && !leftBeforeStart(player) ? player : undefined;
}

export function activePlayers(state: Tournament): PlayerRecord[] {
  return [...state.players.values()].filter((player) => player.status === 'active');
}
