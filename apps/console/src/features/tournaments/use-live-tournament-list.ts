'use client';

import { type TournamentFilter, TournamentListUpdatedDocument, TournamentsDocument } from '@/data/generated/graphql';
import { useLiveList } from '@/data/use-live-list';

/** The tournaments list, live through `tournamentListUpdated` (use-live-list.ts). */
export function useLiveTournamentList(filter: TournamentFilter | null, first: number) {
  return useLiveList({ query: TournamentsDocument, variables: { filter, first }, pushes: TournamentListUpdatedDocument });
}
