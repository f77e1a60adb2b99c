import type { PlayerId } from '@liars-dice/game-rules';
import type { CreateTournament, TournamentCommand } from '../commands';
import { decide } from '../decide';
import type { TournamentEvent } from '../events';
import { evolve } from '../evolve';
import { type SeatingDue, seatingDue } from '../progress';
import { activePlayers, currentRound, initialState, type Tournament, type TournamentState } from '../state';
import { TournamentViolation } from '../tournament-violation';
import { creation, MODERATOR, ORGANISER } from './tournament-log';

type Random = () => number;
const pick = (random: Random, n: number) => Math.floor(random() * n);

export function shuffled<T>(items: readonly T[], random: Random): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = pick(random, i + 1);
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/** A random valid tournament setting: either format, any table limits, up to `maxPlayers` players. */
export function randomSetting(random: Random, maxPlayers: number): { create: CreateTournament; players: PlayerId[] } {
  const max = 2 + pick(random, 5);
  const min = 2 + pick(random, max - 1);
  const swiss = random() < 0.6;
  const rounds = 1 + pick(random, 4);
  const overrides: Partial<CreateTournament['data']> = swiss
    ? { format: 'swiss-tables', rounds, finalTableSize: 2 + pick(random, max - 1), lateRegistrationUntilRound: pick(random, rounds + 1) }
    : { format: 'knockout-tables', rounds: undefined, advancePerTable: 1 + pick(random, min - 1) };
  const players = Array.from({ length: 2 + pick(random, maxPlayers - 1) }, (_, i) => `p${i}`);
  return { create: creation({ ...overrides, capacity: 10_000, tableSize: { min, max } }), players };
}

export type Check = (before: TournamentState, after: TournamentState, events: readonly TournamentEvent[]) => void;
/** Where the draws and lots come from: by default random orders and lots in registration order. */
export interface House {
  readonly draw?: (state: Tournament, due: SeatingDue) => readonly PlayerId[];
  readonly lot?: (player: PlayerId) => number;
}

/**
 * Plays a random tournament to its end through the decider: random draws, random placements (sometimes
 * shared), and now and then a withdrawal, a no-show, a disqualification, a void or a late registration.
 */
export class RandomTournament {
  state: TournamentState = initialState;
  readonly events: TournamentEvent[] = [];
  private at = 0;
  private late = 0;

  constructor(
    private readonly random: Random,
    private readonly check: Check = () => undefined,
    private readonly house: House = {},
  ) {}

  apply(command: TournamentCommand): boolean {
    const decided = decide(this.state, command);
    if (decided instanceof TournamentViolation) return false;
    const before = this.state;
    for (const event of decided) this.state = evolve(this.state, event);
    this.events.push(...decided);
    this.check(before, this.state, decided);
    return true;
  }

  private must(command: TournamentCommand): void {
    const decided = decide(this.state, command);
    if (decided instanceof TournamentViolation) throw new Error(`${command.type} refused: ${decided.code} ${decided.message}`);
    this.apply(command);
  }

  get tournament(): Tournament {
    if (this.state.status === 'none') throw new Error('no tournament');
    return this.state;
  }

  play(maxPlayers = 40): Tournament {
    const { create, players } = randomSetting(this.random, maxPlayers);
    this.must(create);
    players.forEach((player, lot) => this.must(this.registration(player, lot, 500)));
    this.must({ type: 'StartTournament', data: { by: ORGANISER, at: 2_000 } });
    for (let step = 0; step < 10_000 && this.tournament.status === 'running'; step++) this.step();
    if (this.tournament.status === 'running') throw new Error('the tournament did not finish');
    return this.tournament;
  }

  private registration(player: PlayerId, lot: number, at: number): TournamentCommand {
    return { type: 'RegisterPlayer', data: { player, name: player, kind: 'human', by: ORGANISER, lot: this.house.lot?.(player) ?? lot, at } };
  }

  private step(): void {
    this.at += 10;
    this.disturb();
    const due = seatingDue(this.tournament);
    if (due) {
      this.must({ type: 'DraftSeating', data: { round: due.round, order: this.house.draw?.(this.tournament, due) ?? shuffled(due.players, this.random), at: this.at } });
      this.must({ type: 'PublishSeating', data: { round: due.round, by: ORGANISER, at: this.at } });
      return;
    }
    const round = currentRound(this.tournament);
    const table = round?.tables.find((t) => t.status === 'seated' || t.status === 'playing');
    if (!round || !table) return;
    const matchId = `m${round.round}-${table.table}-${table.replayed.length}`;
    if (table.status === 'seated') this.must({ type: 'AssignTableMatch', data: { round: round.round, table: table.table, matchId, at: this.at } });
    else this.finish(round.round, table.table, table.matchId as string, table.players);
  }

  private finish(round: number, table: number, matchId: string, players: readonly PlayerId[]): void {
    const order = shuffled(players, this.random);
    const placements: PlayerId[][] = [];
    for (const player of order) {
      const last = placements.at(-1);
      if (last && placements.length > 1 && this.random() < 0.1) last.push(player);
      else placements.push([player]);
    }
    const absent = order.filter(() => this.random() < 0.03);
    this.must({ type: 'RecordTableResult', data: { round, table, matchId, placements, absent, at: this.at } });
  }

  /**
   * Now and then: a withdrawal, a disqualification (by a sanction or by hand), a void of a finished table, a
   * late registration, a sanction lifted (the player reinstated when the tournament can take them back).
   */
  private disturb(): void {
    const roll = this.random();
    const active = activePlayers(this.tournament);
    const someone = active[pick(this.random, active.length)]?.id;
    const sanctionId = roll < 0.025 ? `s-${someone}` : undefined;
    if (roll < 0.02 && someone) this.apply({ type: 'WithdrawPlayer', data: { player: someone, by: ORGANISER, at: this.at } });
    else if (roll < 0.03 && someone) this.apply({ type: 'DisqualifyPlayer', data: { player: someone, by: MODERATOR, reason: 'test', sanctionId, at: this.at } });
    else if (roll < 0.05) this.voidSomething();
    else if (roll < 0.07) this.apply(this.registration(`late${this.late++}`, 1_000 + this.late, this.at));
    else if (roll < 0.08) this.liftSomething();
  }

  private liftSomething(): void {
    const out = [...this.tournament.players.values()].find((player) => player.sanctionId !== null);
    if (out) this.apply({ type: 'ReinstatePlayer', data: { player: out.id, by: MODERATOR, reason: 'lifted', sanctionId: out.sanctionId as string, at: this.at } });
  }

  private voidSomething(): void {
    const round = currentRound(this.tournament);
    const table = round?.tables.find((t) => t.matchId !== null);
    if (round && table) this.apply({ type: 'VoidTable', data: { round: round.round, table: table.table, matchId: table.matchId as string, by: MODERATOR, reason: 'test', at: this.at } });
  }
}
