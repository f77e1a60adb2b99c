'use client';

import { type TournamentFilter, type TournamentListChangedSubscription, TournamentListChangedDocument, TournamentsDocument } from '@/data/generated/graphql';
import { useLiveList } from '@/data/use-live-list';

/** `tournamentListChanged` answers every new subscription with SUBSCRIBED once the server listens: the list's read per connect. */
const listening = (pushed: TournamentListChangedSubscription): boolean => pushed.tournamentListChanged.reason === 'SUBSCRIBED';

/** The tournaments list, live through `tournamentListChanged` (use-live-list.ts): read again after each changed row. */
export function useLiveTournamentList(filter: TournamentFilter | null, first: number) {
  return useLiveList({ query: TournamentsDocument, variables: { filter, first }, pushes: TournamentListChangedDocument, listening });
}
