import type { Row, TieBreak } from './criteria';
import { BEFORE_START } from './state';
import type { TableEntry } from './tally';
import { ordinal } from './vocabulary';

const average = (row: Row) => (row.opponentsSum / Math.max(1, row.tally.opponents.length)).toFixed(2);
const signed = (n: number) => (n > 0 ? `+${n}` : `${n}`);
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function entryText(entry: TableEntry): string {
  const where = entry.stage === 'final' ? `final table (round ${entry.round})` : `round ${entry.round}`;
  const result = `${where}: ${ordinal(entry.place)} of ${entry.size}`;
  if (!entry.counted) return `${result}, voided, not counted`;
  if (entry.outcome === 'played') return `${result}, ${plural(entry.points, 'point')}`;
  return `${result}, forfeited (${entry.outcome}), 0 points`;
}

function statusText(row: Row): string {
  const { status, leftInRound, checkedIn } = row.tally.player;
  switch (status) {
    case 'registered':
      return checkedIn ? ' Registered and checked in.' : ' Registered, not checked in yet.';
    case 'eliminated':
      return ` Knocked out in round ${leftInRound}.`;
    case 'withdrawn':
      if (leftInRound === BEFORE_START) return ' Withdrew before the start: not in the field.';
      return leftInRound === null ? ' Withdrew between rounds: not seated again.' : ` Withdrew in round ${leftInRound}: not seated again.`;
    case 'no-show':
      if (leftInRound === BEFORE_START) return ' Did not check in: left the field at the start (no-show).';
      return ` Absent for a whole table in round ${leftInRound} (no-show): not seated again.`;
    case 'disqualified':
      return ' Disqualified: points void, ranked below every other player.';
    default:
      return '';
  }
}

function relation(row: Row, next: Row, by: TieBreak): string {
  const them = next.tally.player.name;
  const [a, b] = [row.tally, next.tally];
  switch (by) {
    case 'field':
      return `Above ${them}, who left before the start.`;
    case 'disqualification':
      return `Above ${them}, who is disqualified.`;
    case 'final-table':
      return `${ordinal(a.finalPlace ?? 0)} at the final table, ahead of ${them} (${b.finalPlace === null ? 'not a finalist' : ordinal(b.finalPlace)}).`;
    case 'round-reached':
      return `Reached round ${a.reachedRound}; ${them} went no further than round ${b.reachedRound}.`;
    case 'points':
      return `Ahead of ${them} on points (${a.points} to ${b.points}).`;
    case 'opponents-average':
      return `Level with ${them} on ${plural(a.points, 'point')}; ahead on opponents' average points (${average(row)} to ${average(next)}).`;
    case 'head-to-head':
      return `Level with ${them} on ${plural(a.points, 'point')} and opponents' average points (${average(row)}); ahead on head-to-head placement (${signed(row.headToHead)} to ${signed(next.headToHead)}).`;
    case 'draw':
      return `Level with ${them} on points, opponents' average points and head-to-head placement; ahead by the draw (lot ${a.player.lot} before ${b.player.lot}).`;
  }
}

/** A standing in words: how the points were made, and what puts this player above the next one down. */
export function explain(row: Row, rank: number, next: Row | undefined, by: TieBreak | null): string {
  const { tally } = row;
  const counted = tally.entries.filter((entry) => entry.counted).length;
  const tables = tally.entries.length === 0 ? '' : ` (${tally.entries.map(entryText).join('; ')})`;
  const head = `${ordinal(rank)} ${tally.player.name}: ${plural(tally.points, 'point')} from ${plural(counted, 'table')}${tables}.${statusText(row)}`;
  if (!next || by === null) return `${head} Last of ${rank}.`;
  return `${head} ${relation(row, next, by)}`;
}
