import type { Standing } from '../standings';
import type { RoundRecord } from '../state';
import { repeatedPairs, type Try } from './from-the-doc/plan';
import type { DueSeating } from './from-the-doc/seating';

/*
 * The worked examples' tables as docs/tournaments.md prints them, rendered from a played tournament: the doc
 * must contain each one verbatim (seating-from-the-doc.spec.ts), so every number it shows is checked.
 */

const row = (cells: readonly (string | number)[]) => `| ${cells.join(' | ')} |`;
const header = (...cells: string[]) => [row(cells), row(cells.map(() => '---'))];
const list = (players: readonly string[]) => players.join(' ');
const count = (n: number) => n.toLocaleString('en');

/** Every round: its draw, its tables in seat order, and how each table finished. */
export function roundsTable(rounds: readonly RoundRecord[], seatings: readonly DueSeating[]): string {
  const lines = header('round', 'stage', 'draw', 'tables, in seat order', 'finish (points)');
  rounds.forEach((round, index) => {
    const finish = round.tables.map((t) =>
      [...(t.results ?? [])]
        .sort((a, b) => a.place - b.place)
        .map((r) => `${r.player} ${r.points}`)
        .join(', '),
    );
    lines.push(
      row([
        round.round,
        round.stage,
        list(seatings[index]?.order ?? []),
        round.tables.map((t) => list(t.players)).join(' / '),
        finish.join(' / '),
      ]),
    );
  });
  return lines.join('\n');
}

function costCells(
  table: readonly string[],
  points: ReadonlyMap<string, number>,
  met: (a: string, b: string) => boolean,
  weight: number,
): string[] {
  const pairs: string[] = [];
  table.forEach((a, i) => table.slice(i + 1).forEach((b) => met(a, b) && pairs.push(`${a}–${b}`)));
  const values = table.map((p) => points.get(p) ?? 0);
  const [high, low] = [Math.max(...values), Math.min(...values)];
  const cost = weight * pairs.length + high - low;
  return [
    list(table),
    values.join(' '),
    pairs.join(', ') || '–',
    `${weight} × ${pairs.length} + (${high} − ${low}) = ${cost}`,
  ];
}

/** A round's tables with their points, the pairs who met before, and the cost of each. */
export function costsTable(
  tables: readonly (readonly string[])[],
  points: ReadonlyMap<string, number>,
  met: (a: string, b: string) => boolean,
  weight: number,
): string {
  const lines = header('table', 'players', 'points', 'pairs who met before', 'cost');
  tables.forEach((table, index) => lines.push(row([index + 1, ...costCells(table, points, met, weight)])));
  return lines.join('\n');
}

/** The swaps of one sweep, in the order they were tried. */
export function triesTable(tries: readonly Try[], sweep: number): string {
  const lines = header('try', 'tables', 'swap', 'costs before', 'costs with the swap', 'kept');
  tries
    .filter((t) => t.sweep === sweep)
    .forEach((t, index) => {
      const sum = ([x, y]: readonly [number, number]) => `${x} + ${y} = ${x + y}`;
      lines.push(
        row([
          index + 1,
          `${t.tables[0]} and ${t.tables[1]}`,
          `${t.players[0]} ↔ ${t.players[1]}`,
          sum(t.before),
          sum(t.after),
          t.kept ? '**kept**' : 'no',
        ]),
      );
    });
  return lines.join('\n');
}

/** What the sweeps did, in one sentence per sweep. */
export function sweepsSummary(seating: DueSeating): string {
  const sweeps = Array.from({ length: seating.plan.sweeps }, (_, i) => {
    const tries = seating.plan.tries.filter((t) => t.sweep === i + 1);
    return `- sweep ${i + 1}: ${tries.length} swaps tried, ${tries.filter((t) => t.kept).length} kept`;
  });
  return sweeps.join('\n');
}

/** Repeated pairs at the cut and after the swaps, and the round's total cost before and after. */
export function repeatsSummary(
  seating: DueSeating,
  points: ReadonlyMap<string, number>,
  met: (a: string, b: string) => boolean,
  weight: number,
): string {
  const pairs = (tables: readonly (readonly string[])[]) =>
    tables.reduce((sum, table) => sum + repeatedPairs(table, met), 0);
  const total = (tables: readonly (readonly string[])[]) =>
    tables.reduce(
      (sum, table) => sum + Number((costCells(table, points, met, weight)[3] as string).split('= ')[1]),
      0,
    );
  return `Repeated pairs: ${pairs(seating.plan.cut)} at the cut, ${pairs(seating.plan.tables)} after the swaps; the round's cost: ${total(seating.plan.cut)} at the cut, ${total(seating.plan.tables)} after.`;
}

/** The standings with every number that ranks them. */
export function standingsTable(standings: readonly Standing[]): string {
  const lines = header(
    'rank',
    'player',
    'final place',
    'points',
    "opponents' points / opponents",
    'head-to-head',
    'lot',
    'decided by',
  );
  for (const s of standings) {
    const sum = Math.round(s.opponentsAverage * s.opponentsMet);
    const average = `${sum} / ${s.opponentsMet} = ${s.opponentsAverage.toFixed(2)}`;
    lines.push(
      row([
        s.rank,
        s.player,
        s.finalPlace ?? '–',
        s.points,
        average,
        s.headToHead,
        count(s.lot),
        s.decidedBy ?? '–',
      ]),
    );
  }
  return lines.join('\n');
}

/** The points before a swiss round, in draw order, then sorted into the line the cut is made from. */
export function pointsLines(seating: DueSeating): string {
  const withPoints = (players: readonly string[]) =>
    players.map((p) => `${p} ${seating.points.get(p) ?? 0}`).join(', ');
  return `- in draw order: ${withPoints(seating.order)};\n- sorted by points: ${withPoints(seating.plan.cut.flat())}.`;
}

/** A draw in one line: its label, the players in code-unit order, and the order drawn. */
export function drawLine(seating: DueSeating): string {
  return `\`${seating.label}\`: ${list(seating.players)} → **${list(seating.order)}**`;
}

export interface PairsRow {
  readonly round: number;
  readonly cut: number;
  readonly planned: number;
}

/** Repeated pairs per swiss round: cutting the points order as it is, and the plan's seating. */
export function pairsTable(rows: readonly PairsRow[]): string {
  const lines = header('swiss round', 'repeated pairs, the cut alone', 'repeated pairs, the plan');
  for (const r of rows) lines.push(row([r.round, r.cut, r.planned]));
  lines.push(
    row(['all', rows.reduce((sum, r) => sum + r.cut, 0), rows.reduce((sum, r) => sum + r.planned, 0)]),
  );
  return lines.join('\n');
}
