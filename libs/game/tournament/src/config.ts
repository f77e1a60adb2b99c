import type { MatchOptions, Ruleset } from '@liars-dice/game-rules';
import type { Format } from './vocabulary';

export interface TableSize {
  readonly min: number;
  readonly max: number;
}

/**
 * Everything fixed when a tournament is created, recorded in its first event. Times are milliseconds since
 * the epoch. Fields a format does not use are 0 (`rounds`, `lateRegistrationUntilRound` and
 * `advancePerTable` for knockout; `advancePerTable` for swiss).
 */
export interface TournamentConfig {
  readonly tournamentId: string;
  readonly name: string;
  /** The organiser's account id: the one who may publish seatings, start and cancel. */
  readonly organiser: string;
  /** The organiser's name as shown (their account name): the host of every table's match. */
  readonly organiserName: string;
  readonly family: Ruleset;
  /** The options every table's match is created with (the family preset plus the chosen ones). */
  readonly options: MatchOptions;
  /** The options as chosen (the changes to the preset), passed on to every match. */
  readonly chosenOptions: Readonly<Record<string, unknown>>;
  readonly ranked: boolean;
  readonly capacity: number;
  readonly tableSize: TableSize;
  readonly format: Format;
  /** Swiss rounds before the final table. */
  readonly rounds: number;
  /** How many of the swiss standings sit at the final table (swiss); the largest final table (knockout). */
  readonly finalTableSize: number;
  /** How many of each knockout table go through to the next round. */
  readonly advancePerTable: number;
  readonly registrationOpensAt: number;
  readonly registrationClosesAt: number;
  readonly startsAt: number;
  /** Check-in opens this many minutes before the start; 0 means no check-in is asked. */
  readonly checkInMinutes: number;
  /** Players may still register after the start while the next round to be seated is at most this one. */
  readonly lateRegistrationUntilRound: number;
  /** Seatings are published as soon as they are drawn, without the organiser's review. */
  readonly autoPublish: boolean;
}

export function checkInOpensAt(config: TournamentConfig): number {
  return config.startsAt - config.checkInMinutes * 60_000;
}
