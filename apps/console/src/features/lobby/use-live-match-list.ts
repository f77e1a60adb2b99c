'use client';

import { type MatchFilter, MatchListDocument, type MatchListUpdatedSubscription, MatchListUpdatedDocument } from '@/data/generated/graphql';
import { useLiveList } from '@/data/use-live-list';

/** `matchListUpdated` answers every new subscription with SUBSCRIBED once the server listens: the list's read per connect. */
const listening = (pushed: MatchListUpdatedSubscription): boolean => pushed.matchListUpdated.reason === 'SUBSCRIBED';

/**
 * One match list, live through `matchListUpdated(filter)`: the server pushes (at most once every 3 s) only when a
 * row enters, changes in or leaves this filter's list — never for a move — and the list is read again then.
 */
export function useLiveMatchList(filter: MatchFilter, first: number) {
  return useLiveList({ query: MatchListDocument, variables: { filter, first }, pushes: MatchListUpdatedDocument, pushVariables: { filter }, listening });
}
