import { counts, type Ledger, publishedTables, type Result, type Table } from './ledger';

/*
 * Points and the standings as docs/tournaments.md ("Recomputing a seating", steps 3 and 6; "Standings and
 * tie-breaks") defines them, written from the doc alone.
 */

/** Each player's points: the sum of their results' points at every counted table; 0 when disqualified. */
export function pointsOf(ledger: Ledger): Map<string, number> {
  const points = new Map<string, number>();
  for (const id of ledger.players.keys()) points.set(id, 0);
  for (const table of publishedTables(ledger)) {
    if (!counts(table)) continue;
    for (const result of table.results)
      points.set(result.player, (points.get(result.player) ?? 0) + result.points);
  }
  for (const [id, player] of ledger.players) if (player.status === 'disqualified') points.set(id, 0);
  return points;
}

interface Row {
  readonly id: string;
  readonly lot: number;
  readonly disqualified: boolean;
  readonly points: number;
  /** The sum of the current points of every opponent met at a counted table, once per table, and how many. */
  opponentsSum: number;
  opponents: number;
  finalPlace: number | null;
  reached: number;
  headToHead: number;
}

function rowsOf(ledger: Ledger): Map<string, Row> {
  const points = pointsOf(ledger);
  const rows = new Map<string, Row>();
  for (const [id, player] of ledger.players) {
    const row = {
      id,
      lot: player.lot,
      disqualified: player.status === 'disqualified',
      points: points.get(id) ?? 0,
    };
    rows.set(id, { ...row, opponentsSum: 0, opponents: 0, finalPlace: null, reached: 0, headToHead: 0 });
  }
  for (const round of ledger.rounds.filter((r) => r.published)) {
    for (const table of round.tables) {
      table.players.forEach((id) => rows.has(id) && ((rows.get(id) as Row).reached = round.round));
      if (counts(table)) addTable(rows, points, table, round.stage === 'final');
    }
  }
  return rows;
}

/** A counted table: every player with a result there met every other player seated at it. */
function addTable(
  rows: Map<string, Row>,
  points: ReadonlyMap<string, number>,
  table: Table & { results: readonly Result[] },
  final: boolean,
): void {
  for (const result of table.results) {
    const row = rows.get(result.player);
    if (!row) continue;
    for (const other of table.players.filter((p) => p !== result.player)) {
      row.opponentsSum += points.get(other) ?? 0;
      row.opponents += 1;
    }
    if (final) row.finalPlace = result.place;
  }
}

/** Criteria 1–5: disqualification, final table, round reached (knockout), points, opponents' average. */
function beforeHeadToHead(knockout: boolean): ((a: Row, b: Row) => number)[] {
  return [
    (a, b) => Number(a.disqualified) - Number(b.disqualified),
    (a, b) =>
      a.finalPlace === b.finalPlace
        ? 0
        : a.finalPlace === null
          ? 1
          : b.finalPlace === null
            ? -1
            : a.finalPlace - b.finalPlace,
    (a, b) => (knockout ? b.reached - a.reached : 0),
    (a, b) => b.points - a.points,
    // b's average minus a's, compared exactly: sum_b / n_b − sum_a / n_a, an average over no opponents being 0
    (a, b) => b.opponentsSum * Math.max(1, a.opponents) - a.opponentsSum * Math.max(1, b.opponents),
  ];
}

/** Every player of the field, best first. */
export function standingsOrder(ledger: Ledger): string[] {
  const rows = rowsOf(ledger);
  const first = beforeHeadToHead(ledger.settings.format === 'knockout-tables');
  const compareFirst = (a: Row, b: Row) => first.reduce((found, criterion) => found || criterion(a, b), 0);
  for (const table of publishedTables(ledger)) {
    if (!counts(table)) continue;
    table.results.forEach((x, i) => {
      for (const y of table.results.slice(i + 1)) {
        const [a, b] = [rows.get(x.player), rows.get(y.player)];
        if (!a || !b || x.place === y.place || compareFirst(a, b) !== 0) continue;
        const better = x.place < y.place ? a : b;
        const worse = better === a ? b : a;
        better.headToHead += 1;
        worse.headToHead -= 1;
      }
    });
  }
  const byId = (a: Row, b: Row) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const order = (a: Row, b: Row) =>
    compareFirst(a, b) || b.headToHead - a.headToHead || a.lot - b.lot || byId(a, b);
  return [...rows.values()].sort(order).map((row) => row.id);
}
