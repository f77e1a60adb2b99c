import type { PlayerId } from '@liars-dice/game-rules';
import type { CreateTournament, TournamentCommand } from '../commands';
import { decide } from '../decide';
import type { TournamentEvent } from '../events';
import { evolve } from '../evolve';
import { seatingDue } from '../progress';
import { standingsOf, type Standing } from '../standings';
import { initialState, type RoundRecord, type Tournament, type TournamentState } from '../state';
import { TournamentViolation } from '../tournament-violation';
import type { Actor } from '../vocabulary';

export const ORGANISER: Actor = { id: 'org', role: 'organiser' };
export const MODERATOR: Actor = { id: 'mod', role: 'moderator' };
export const SYSTEM: Actor = { id: 'system', role: 'system' };
const COMMITMENT = { version: 'v1' as const, commitment: '66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925' };

/** A valid swiss tournament: registration from t = 0 to t = 1,000, start at t = 2,000; anything can be overridden. */
export function creation(overrides: Partial<CreateTournament['data']> = {}): CreateTournament {
  return {
    type: 'CreateTournament',
    data: {
      tournamentId: 't1',
      name: 'Spring cup',
      by: ORGANISER,
      organiserName: 'org',
      family: 'perudo',
      ranked: false,
      capacity: 100,
      tableSize: { min: 2, max: 6 },
      format: 'swiss-tables',
      rounds: 3,
      registrationOpensAt: 0,
      registrationClosesAt: 1_000,
      startsAt: 2_000,
      fairness: COMMITMENT,
      at: 0,
      ...overrides,
    },
  };
}

/**
 * A tournament under test: `given` steps go through the real decider (a rejected step fails the test at
 * once); `when` decides one more command and returns its events or its violation. Lots default to the
 * registration order (the first registered wins the draw), so a test can read every tie-break.
 */
export class TournamentLog {
  state: TournamentState = initialState;
  readonly events: TournamentEvent[] = [];
  at = 0;

  static create(overrides: Partial<CreateTournament['data']> = {}): TournamentLog {
    return new TournamentLog().do(creation(overrides));
  }

  /** Created, `players` registered (all checked in), started at t = 2,000. */
  static started(players: readonly PlayerId[], overrides: Partial<CreateTournament['data']> = {}): TournamentLog {
    return TournamentLog.create(overrides)
      .register(...players)
      .do({ type: 'StartTournament', data: { by: ORGANISER, at: 2_000 } });
  }

  get tournament(): Tournament {
    if (this.state.status === 'none') throw new Error('no tournament yet');
    return this.state;
  }

  do(command: TournamentCommand): this {
    const decided = decide(this.state, command);
    if (decided instanceof TournamentViolation) throw new Error(`given step ${command.type} was rejected: ${decided.code} ${decided.message}`);
    for (const event of decided) {
      this.events.push(event);
      this.state = evolve(this.state, event);
    }
    this.at = Math.max(this.at, command.data.at);
    return this;
  }

  register(...players: PlayerId[]): this {
    for (const player of players) {
      const lot = this.events.filter((event) => event.type === 'PlayerRegistered').length;
      const at = this.state.status === 'running' ? this.at : 500;
      this.do({ type: 'RegisterPlayer', data: { player, name: player, kind: 'human', by: { id: player, role: 'player' }, lot, at } });
    }
    return this;
  }

  /** Seats the round due with `order` as the draw (default: the players in id order), and publishes it. */
  seat(order?: readonly PlayerId[]): this {
    const due = seatingDue(this.tournament);
    if (!due) throw new Error('no seating due');
    this.do({ type: 'DraftSeating', data: { round: due.round, order: order ?? due.players, at: this.at } });
    if (!this.tournament.config.autoPublish) this.do({ type: 'PublishSeating', data: { round: due.round, by: ORGANISER, at: this.at } });
    return this;
  }

  /** Assigns every table of the current round its match (`m<round>-<table>`) and records results. */
  play(placementsOf: (players: readonly PlayerId[], table: number) => readonly (readonly PlayerId[])[] = seatOrder): this {
    const round = this.round();
    for (const table of round.tables) {
      const matchId = `m${round.round}-${table.table}`;
      this.do({ type: 'AssignTableMatch', data: { round: round.round, table: table.table, matchId, at: this.at } });
      const placements = placementsOf(table.players, table.table);
      this.do({ type: 'RecordTableResult', data: { round: round.round, table: table.table, matchId, placements, at: this.at } });
    }
    return this;
  }

  round(number?: number): RoundRecord {
    const round = number === undefined ? this.tournament.rounds.at(-1) : this.tournament.rounds.find((r) => r.round === number);
    if (!round) throw new Error(`no round ${number ?? ''}`);
    return round;
  }

  tables(number?: number): PlayerId[][] {
    return this.round(number).tables.map((table) => [...table.players]);
  }

  when(command: TournamentCommand): readonly TournamentEvent[] | TournamentViolation {
    return decide(this.state, command);
  }

  /** The code of the violation `command` is rejected with, or 'accepted'. */
  verdict(command: TournamentCommand): string {
    const result = this.when(command);
    return result instanceof TournamentViolation ? result.code : 'accepted';
  }

  standings(): Standing[] {
    return standingsOf(this.tournament);
  }

  types(): string[] {
    return this.events.map((event) => event.type);
  }
}

/** Placements in seat order: the first seat wins, the last is last. */
export const seatOrder = (players: readonly PlayerId[]) => players.map((player) => [player]);

/** Placements in a fixed ranking over the whole field: players earlier in `ranking` always place higher. */
export const byRanking =
  (ranking: readonly PlayerId[]) =>
  (players: readonly PlayerId[]): PlayerId[][] =>
    [...players].sort((a, b) => ranking.indexOf(a) - ranking.indexOf(b)).map((player) => [player]);

export const register = (player: PlayerId, at: number, by: Actor = { id: player, role: 'player' }, lot = 7): TournamentCommand => ({
  type: 'RegisterPlayer',
  data: { player, name: player, kind: 'human', by, lot, at },
});

/** n player ids p01, p02, …: id order is registration order. */
export const playerIds = (n: number): PlayerId[] => Array.from({ length: n }, (_, i) => `p${String(i + 1).padStart(String(n).length, '0')}`);
