import { drawOrder } from './draw';
import { type Ledger, publishedTables } from './ledger';
import { type Plan, plan } from './plan';
import { pointsOf, standingsOrder } from './standings';

/*
 * The seating due, as docs/tournaments.md ("Recomputing a seating") defines it, written from the doc alone:
 * which round, which stage, who is seated, the draw and the plan.
 */

export interface DueSeating {
  readonly round: number;
  readonly stage: string;
  readonly players: readonly string[];
  readonly label: string;
  readonly order: readonly string[];
  /** The points and the meetings the plan was made with. */
  readonly points: ReadonlyMap<string, number>;
  readonly met: (a: string, b: string) => boolean;
  readonly plan: Plan;
}

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function stageDue(ledger: Ledger, active: number): string | null {
  const { format, rounds, tableSize } = ledger.settings;
  if (active < 2 || ledger.rounds.some((r) => r.stage === 'final')) return null;
  if (format === 'swiss-tables')
    return ledger.rounds.filter((r) => r.stage === 'swiss').length < rounds ? 'swiss' : 'final';
  return active <= tableSize.max ? 'final' : 'knockout';
}

/** Who sat with whom at any table of a published round. */
function meetings(ledger: Ledger): (a: string, b: string) => boolean {
  const pairs = new Set<string>();
  for (const table of publishedTables(ledger))
    for (const a of table.players) for (const b of table.players) pairs.add(`${a}\n${b}`);
  return (a, b) => pairs.has(`${a}\n${b}`);
}

/** The seating the next `SeatingDrafted` must hold, or null when none may come. */
export function dueSeating(ledger: Ledger, seedHex: string): DueSeating | null {
  const last = ledger.rounds.at(-1);
  if (!ledger.started || (last && !last.completed)) return null;
  const active = [...ledger.players].filter(([, p]) => p.status === 'active').map(([id]) => id);
  const stage = stageDue(ledger, active.length);
  if (!stage) return null;
  const round = (last?.round ?? 0) + 1;
  const { tournamentId, format, finalTableSize, tableSize } = ledger.settings;
  const finalists = () =>
    standingsOrder(ledger)
      .filter((id) => active.includes(id))
      .slice(0, finalTableSize);
  const players = (stage === 'final' && format === 'swiss-tables' ? finalists() : active).sort(byCodeUnits);
  const order = drawOrder(seedHex, tournamentId, round, players);
  const [points, met] = [pointsOf(ledger), meetings(ledger)];
  const seating = plan({ stage, order, max: tableSize.max, points, met });
  return {
    round,
    stage,
    players,
    label: `${tournamentId}|seating|${round}`,
    order,
    points,
    met,
    plan: seating,
  };
}
