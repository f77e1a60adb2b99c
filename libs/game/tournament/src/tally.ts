import type { PlayerId } from '@liars-dice/game-rules';
import type { ResultOutcome, TableResult } from './events';
import { counts, type PlayerRecord, type RoundRecord, type TableRecord, type Tournament } from './state';
import type { Stage } from './vocabulary';

/** One seat's result at one table, as the standings show it. */
export interface TableEntry {
  readonly round: number;
  readonly table: number;
  readonly stage: Stage;
  readonly place: number;
  readonly size: number;
  readonly points: number;
  readonly outcome: ResultOutcome;
  /** False for a table voided with its points removed. */
  readonly counted: boolean;
}

export interface Tally {
  readonly player: PlayerRecord;
  /** Placement points over counted tables; 0 once disqualified. */
  readonly points: number;
  readonly entries: readonly TableEntry[];
  /** The other players at every counted table, once per table (a repeat opponent counts again). */
  readonly opponents: readonly PlayerId[];
  /** The last round the player was seated in (0 before the first). */
  readonly reachedRound: number;
  /** The place at a counted final table, if the player sat at one. */
  readonly finalPlace: number | null;
}

interface Builder {
  points: number;
  entries: TableEntry[];
  opponents: PlayerId[];
  reachedRound: number;
  finalPlace: number | null;
}

/** Every table of every published round, oldest first (drafts are not seatings yet). */
export function* publishedTables(state: Tournament): Generator<{ round: RoundRecord; table: TableRecord }> {
  for (const round of state.rounds) {
    if (round.status !== 'drafted') for (const table of round.tables) yield { round, table };
  }
}

/** Every player's record from the tables so far: one pass over every seat of every round. */
export function talliesOf(state: Tournament): Map<PlayerId, Tally> {
  const builders = new Map<PlayerId, Builder>();
  for (const id of state.players.keys()) builders.set(id, { points: 0, entries: [], opponents: [], reachedRound: 0, finalPlace: null });
  for (const { round, table } of publishedTables(state)) {
    for (const player of table.players) {
      const builder = builders.get(player);
      if (builder) builder.reachedRound = round.round;
    }
    for (const result of table.results ?? []) {
      const builder = builders.get(result.player);
      if (builder) addResult(builder, round, table, result);
    }
  }
  const tallies = new Map<PlayerId, Tally>();
  for (const [id, builder] of builders) {
    const player = state.players.get(id) as PlayerRecord;
    const points = player.status === 'disqualified' ? 0 : builder.points;
    tallies.set(id, { player, ...builder, points });
  }
  return tallies;
}

function addResult(builder: Builder, round: RoundRecord, table: TableRecord, result: TableResult): void {
  const counted = counts(table);
  const { place, points, outcome } = result;
  builder.entries.push({ round: round.round, table: table.table, stage: round.stage, place, size: table.players.length, points, outcome, counted });
  if (!counted) return;
  builder.points += points;
  for (const other of table.players) if (other !== result.player) builder.opponents.push(other);
  if (round.stage === 'final') builder.finalPlace = place;
}

/** Who has sat at a table with whom, in any published round (voided tables too: they met). */
export function opponentsMet(state: Tournament): Map<PlayerId, Set<PlayerId>> {
  const met = new Map<PlayerId, Set<PlayerId>>();
  for (const { table } of publishedTables(state)) {
    for (const player of table.players) {
      const seen = met.get(player) ?? new Set<PlayerId>();
      met.set(player, seen);
      table.players.forEach((other) => other !== player && seen.add(other));
    }
  }
  return met;
}
