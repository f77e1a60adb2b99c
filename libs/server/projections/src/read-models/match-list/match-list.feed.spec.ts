import fc from 'fast-check';
import type { MatchListEntry } from '@liars-dice/game-projections';
import { MATCH_KINDS, MATCH_STATUSES } from '@liars-dice/game-match';
import { RULESETS } from '@liars-dice/game-rules';
import { openReadDatabase } from '../../read-database';
import { ReadDatabase } from '../../read-connection';
import { type MatchListChanges, MatchListChangeLog, MAX_REPORTED_ROWS } from './match-list.changes';
import { MatchListFeed } from './match-list.feed';
import { fitsSearch } from './match-list.filter';
import { matchListProjection } from './match-list.projection';
import { MatchListQueries, type MatchSearch } from './match-list.queries';
import type { MatchListUpdateView } from './match-list.types';

const ACCOUNTS = ['ann', 'bob', 'cy'];

const entry = (id: string, over: Partial<MatchListEntry> = {}): MatchListEntry => ({
  matchId: id,
  family: 'classic',
  kind: 'regular',
  ranked: false,
  status: 'lobby',
  disputed: false,
  hadDispute: false,
  ruling: null,
  voided: false,
  host: 'ann',
  hostId: 'ann',
  players: ['ann', null],
  seats: [
    { kind: 'human', name: 'ann', difficulty: null, handedToCpu: false },
    { kind: 'free', name: null, difficulty: null, handedToCpu: false },
  ],
  freeSeats: 1,
  accountIds: ['ann'],
  winner: null,
  openedAt: 1_000,
  startedAt: null,
  finishedAt: null,
  rounds: 0,
  idleSince: null,
  lobbyIdleSeconds: null,
  ...over,
});

const entries = fc.uniqueArray(
  fc.record({
    matchId: fc.string({ minLength: 1, maxLength: 4 }),
    family: fc.constantFrom(...RULESETS),
    kind: fc.constantFrom(...MATCH_KINDS),
    ranked: fc.boolean(),
    status: fc.constantFrom(...MATCH_STATUSES),
    disputed: fc.boolean(),
    hadDispute: fc.boolean(),
    ruling: fc.constantFrom(null, 'dismiss' as const, 'void' as const, 'sanction' as const),
    freeSeats: fc.integer({ min: 0, max: 3 }),
    accountIds: fc.subarray(ACCOUNTS),
    openedAt: fc.integer({ min: 0, max: 10 }),
  }),
  { selector: (row) => row.matchId, maxLength: 12 },
);
const searches: fc.Arbitrary<MatchSearch> = fc.record(
  {
    family: fc.constantFrom(...RULESETS),
    status: fc.constantFrom(...MATCH_STATUSES),
    kind: fc.constantFrom(...MATCH_KINDS),
    ranked: fc.boolean(),
    disputed: fc.boolean(),
    hadDispute: fc.boolean(),
    ruling: fc.constantFrom(null, 'dismiss' as const, 'void' as const),
    players: fc.subarray(ACCOUNTS, { maxLength: 2 }),
    open: fc.boolean(),
    openedFrom: fc.integer({ min: 0, max: 10 }),
    openedTo: fc.integer({ min: 0, max: 10 }),
  },
  { requiredKeys: [] },
);

function insert(db: ReturnType<typeof openReadDatabase>, row: MatchListEntry): void {
  const flag = (value: boolean): number => (value ? 1 : 0);
  db.prepare('INSERT INTO match_list VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').run(
    row.matchId, row.family, row.kind, flag(row.ranked), row.status, flag(row.disputed), flag(row.voided), row.host, row.hostId,
    JSON.stringify(row.players), JSON.stringify(row.seats), row.freeSeats, row.winner, row.openedAt, row.startedAt, row.finishedAt, row.rounds, row.idleSince, row.lobbyIdleSeconds,
    flag(row.hadDispute), row.ruling,
  );
  for (const account of row.accountIds) db.prepare('INSERT INTO match_list_players VALUES (?, ?)').run(account, row.matchId);
}

/** A feed with one subscriber on `search`, pushing every 1,000 ms on a clock the test moves. */
function given(search: MatchSearch) {
  const feed = new MatchListFeed();
  let now = 0;
  const timers: { at: number; run: () => void }[] = [];
  const clock = { now: () => now, after: (ms: number, run: () => void) => (timers.push({ at: now + ms, run }), () => undefined) };
  const pushes: MatchListUpdateView[] = [];
  const subscription = feed.updates(search, 1_000, clock).subscribe((update) => pushes.push(update));
  const wait = (ms: number): void => {
    now += ms;
    for (const timer of timers.splice(0).filter((t) => t.at <= now)) timer.run();
  };
  return { feed, pushes, wait, subscription };
}

const change = (before: MatchListEntry | null, after: MatchListEntry): MatchListChanges => ({ rows: [{ before, after }], overflow: false });

describe('the match-list filter in memory', () => {
  it('holds the same rows as the query’s WHERE clause, for any rows and any filter', () => {
    fc.assert(
      fc.property(entries, searches, (rows, search) => {
        // Given rows in the read model
        const db = openReadDatabase(':memory:');
        matchListProjection(db);
        const full = rows.map((row) => entry(row.matchId, row));
        for (const row of full) insert(db, row);
        // When the query and the in-memory test pick the rows of one filter
        const read = new MatchListQueries(ReadDatabase.of(db)).search(search, 100, null).nodes.map((row) => row.match_id);
        const kept = full.filter((row) => fitsSearch(row, search)).map((row) => row.matchId);
        db.close();
        // Then they pick the same rows
        expect(new Set(kept)).toEqual(new Set(read));
      }),
      { numRuns: 150 },
    );
  });
});

describe('MatchListFeed', () => {
  it('tells a new subscriber to read the list at once, before any change', () => {
    const { pushes } = given({ status: 'lobby', open: true });
    expect(pushes).toEqual([{ reason: 'subscribed', changed: [] }]);
  });

  it('pushes a lobby list a row that joined it, changed in it, and left it, but not a row it never held', () => {
    // Given a subscriber on open lobbies
    const { feed, pushes, wait } = given({ status: 'lobby', open: true });
    const opened = entry('m1');
    // When a lobby opens, then fills and starts a second later, and a playing match elsewhere finishes
    feed.publish(change(null, opened));
    wait(1_000);
    const full = entry('m1', { players: ['ann', 'bob'], freeSeats: 0, accountIds: ['ann', 'bob'] });
    feed.publish(change(opened, full));
    wait(1_000);
    feed.publish(change(full, entry('m1', { ...full, status: 'playing' })));
    feed.publish(change(entry('m9', { status: 'playing' }), entry('m9', { status: 'finished' })));
    wait(1_000);
    // Then it heard the opening, the lobby filling (it left the open list) — and not m9 nor m1's start
    expect(pushes.map((p) => [p.reason, p.changed.map((row) => `${row.id} ${row.status} ${row.freeSeats}`)])).toEqual([
      ['subscribed', []],
      ['changed', ['m1 lobby 1']],
      ['changed', ['m1 lobby 0']],
    ]);
    // And a pushed row carries no account ids
    expect(Object.keys(pushes[1]?.changed[0] ?? {})).not.toContain('accountIds');
  });

  it('gathers many rows changing within a second into one push, and a catch-up too large to list into one RESYNC', () => {
    // Given a subscriber on the playing list that just heard one change
    const { feed, pushes, wait } = given({ status: 'playing' });
    feed.publish(change(entry('a'), entry('a', { status: 'playing' })));
    // When 50 more start within the second, and then a replica catches up past the report's bound
    for (let i = 0; i < 50; i++) feed.publish(change(entry(`m${i}`), entry(`m${i}`, { status: 'playing' })));
    wait(1_000);
    feed.publish({ rows: [], overflow: true });
    wait(1_000);
    // Then it got one push for the 50 and one RESYNC
    expect(pushes.map((p) => [p.reason, p.changed.length])).toEqual([
      ['subscribed', 0],
      ['changed', 1],
      ['changed', 50],
      ['resync', 0],
    ]);
  });

  it('forgets a subscriber that left', () => {
    const { feed, subscription } = given({});
    subscription.unsubscribe();
    expect(feed.subscribers).toBe(0);
  });
});

describe('MatchListChangeLog', () => {
  it('reports one change per match (first before, newest after), none for a row back to what it was, and an overflow past its bound', () => {
    // Given a log
    const log = new MatchListChangeLog();
    // When a lobby opens and fills in one batch, and a void is undone in the same batch
    log.record(null, entry('m1'));
    log.record(entry('m1'), entry('m1', { freeSeats: 0 }));
    log.record(entry('m2', { voided: false }), entry('m2', { voided: true }));
    log.record(entry('m2', { voided: true }), entry('m2', { voided: false }));
    // (each row built afresh, as the projection does: equal seats are new objects)
    // Then one change for m1, none for m2, and the log is empty afterwards
    expect(log.take()).toEqual({ rows: [{ before: null, after: entry('m1', { freeSeats: 0 }) }], overflow: false });
    expect(log.take()).toBeNull();
    // And when more matches change than a report carries, the report says so instead of listing them
    for (let i = 0; i <= MAX_REPORTED_ROWS; i++) log.record(null, entry(`x${i}`));
    expect(log.take()).toEqual({ rows: [], overflow: true });
  });
});
