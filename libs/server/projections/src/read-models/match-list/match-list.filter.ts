import type { MatchListEntry } from '@liars-dice/game-projections';
import type { MatchSearch } from './match-list.queries';

/** The filter's fields a row must equal when given. */
const EQUAL_FIELDS = ['family', 'status', 'kind', 'ranked', 'disputed', 'hadDispute', 'ruling'] as const;

const given = <T>(value: T | null | undefined): value is T => value !== undefined && value !== null;

/**
 * Whether a row is in the list a search reads: the same test as the query's WHERE clause (match-list.queries.ts),
 * in memory, for a pushed change (a property test holds the two together).
 */
export function fitsSearch(row: MatchListEntry, search: MatchSearch): boolean {
  const equal = EQUAL_FIELDS.every((field) => !given(search[field]) || row[field] === search[field]);
  if (!equal) return false;
  if (given(search.openedFrom) && row.openedAt < search.openedFrom) return false;
  if (given(search.openedTo) && row.openedAt >= search.openedTo) return false;
  if (search.open && !(row.status === 'lobby' && row.freeSeats > 0)) return false;
  return (search.players ?? []).every((player) => row.accountIds.includes(player));
}
