import { Subject } from 'rxjs';
import type { TournamentListUpdateView, TournamentSummaryView } from './graphql/tournament.types';
import { tournamentListPushes } from './tournament-queries.resolver';

const row = (id: string, entrants: number): TournamentSummaryView => ({
  id,
  name: `Cup ${id}`,
  organiser: 'ann',
  family: 'classic',
  format: 'swiss-tables',
  ranked: false,
  status: 'registration',
  capacity: 8,
  entrants,
  startsAt: '2026-12-02T12:00:00.000Z',
  currentRound: null,
  winner: null,
});

describe('tournamentListPushes', () => {
  it('given a new subscriber, then SUBSCRIBED comes first, and only once the row feed is listened to', () => {
    const rows = new Subject<TournamentSummaryView>();
    const seen: { push: TournamentListUpdateView; observed: boolean }[] = [];
    tournamentListPushes(rows).subscribe((push) => seen.push({ push, observed: rows.observed }));
    expect(seen).toEqual([{ push: { reason: 'subscribed', tournament: null }, observed: true }]);
  });

  it('when a row changes right after SUBSCRIBED (a read then would not hold it), then it is pushed as CHANGED, in order', () => {
    const rows = new Subject<TournamentSummaryView>();
    const pushes: TournamentListUpdateView[] = [];
    tournamentListPushes(rows).subscribe((push) => {
      pushes.push(push);
      if (push.reason === 'subscribed') rows.next(row('t1', 1));
    });
    rows.next(row('t1', 2));
    expect(pushes.map((push) => [push.reason, push.tournament?.entrants ?? null])).toEqual([
      ['subscribed', null],
      ['changed', 1],
      ['changed', 2],
    ]);
  });

  it('when the subscriber leaves, then the row feed is no longer listened to', () => {
    const rows = new Subject<TournamentSummaryView>();
    tournamentListPushes(rows).subscribe().unsubscribe();
    expect(rows.observed).toBe(false);
  });
});
