import type { PlayerId } from '@liars-dice/game-rules';
import { criteria, type Row, separate, TIE_BREAKS, type TieBreak } from './criteria';
import { explain } from './explain';
import { counts, type Tournament } from './state';
import { publishedTables, type TableEntry, talliesOf } from './tally';
import type { PlayerKind, PlayerStatus } from './vocabulary';

export interface Standing {
  readonly rank: number;
  readonly player: PlayerId;
  readonly name: string;
  readonly kind: PlayerKind;
  readonly status: PlayerStatus;
  readonly points: number;
  readonly tables: readonly TableEntry[];
  /** The mean of the current points of every opponent met at a counted table (0 with none). */
  readonly opponentsAverage: number;
  readonly opponentsMet: number;
  /** Net wins in placement against the players level with this one on every earlier criterion. */
  readonly headToHead: number;
  readonly lot: number;
  readonly finalPlace: number | null;
  readonly reachedRound: number;
  /** The criterion that puts this player above the next one down (null for the last). */
  readonly decidedBy: TieBreak | null;
  readonly comparedWith: PlayerId | null;
  /** The computation in words: points by table, then what separates this row from the next. */
  readonly explanation: string;
}

/**
 * The standings: a total order of every player in the field, each row explaining itself. A pure function of
 * the state, so replaying the same events always gives the same standings.
 */
export function standingsOf(state: Tournament): Standing[] {
  const tallies = talliesOf(state);
  const rows: Row[] = [...tallies.values()].map((tally) => ({
    tally,
    opponentsSum: tally.opponents.reduce((sum, id) => sum + (tallies.get(id)?.points ?? 0), 0),
    headToHead: 0,
  }));
  const rules = criteria(state.config.format === 'knockout-tables');
  const beforeHeadToHead = TIE_BREAKS.indexOf('head-to-head');
  rows.sort((a, b) => separate(rules, a, b, beforeHeadToHead)?.sign ?? 0);
  scoreHeadToHead(state, rows, (a, b) => separate(rules, a, b, beforeHeadToHead) === null);
  rows.sort((a, b) => separate(rules, a, b)?.sign ?? 0);
  return rows.map((row, index) => {
    const next = rows[index + 1];
    const decided = next ? separate(rules, row, next) : null;
    return standing(row, index + 1, next, decided?.by ?? null);
  });
}

function standing(row: Row, rank: number, next: Row | undefined, decidedBy: TieBreak | null): Standing {
  const { tally } = row;
  const met = tally.opponents.length;
  return {
    rank,
    player: tally.player.id,
    name: tally.player.name,
    kind: tally.player.kind,
    status: tally.player.status,
    points: tally.points,
    tables: tally.entries,
    opponentsAverage: met === 0 ? 0 : row.opponentsSum / met,
    opponentsMet: met,
    headToHead: row.headToHead,
    lot: tally.player.lot,
    finalPlace: tally.finalPlace,
    reachedRound: tally.reachedRound,
    decidedBy,
    comparedWith: next?.tally.player.id ?? null,
    explanation: explain(row, rank, next, decidedBy),
  };
}

/**
 * Head-to-head among the players level on every earlier criterion (runs of `rows`, already sorted): at every
 * counted table two of them shared, the better placed gains one and the worse placed loses one.
 */
function scoreHeadToHead(state: Tournament, rows: readonly Row[], level: (a: Row, b: Row) => boolean): void {
  const group = new Map<PlayerId, number>();
  const byPlayer = new Map<PlayerId, Row>();
  rows.forEach((row, index) => {
    const previous = rows[index - 1];
    const id = previous && level(previous, row) ? (group.get(previous.tally.player.id) as number) : index;
    group.set(row.tally.player.id, id);
    byPlayer.set(row.tally.player.id, row);
  });
  for (const { table } of publishedTables(state)) {
    if (!counts(table)) continue;
    const results = table.results;
    results.forEach((a, i) => {
      for (const b of results.slice(i + 1)) {
        const shared = group.get(a.player);
        if (shared === undefined || shared !== group.get(b.player) || a.place === b.place) continue;
        const sign = Math.sign(b.place - a.place);
        (byPlayer.get(a.player) as Row).headToHead += sign;
        (byPlayer.get(b.player) as Row).headToHead -= sign;
      }
    });
  }
}
