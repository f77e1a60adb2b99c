#!/usr/bin/env node
import { performance } from 'node:perf_hooks';
import type { ListedSeat, MatchListEntry } from '@liars-dice/game-projections';
import { mapPage } from '@liars-dice/server-platform';
import {
  LIST_PUSH_INTERVAL_MS,
  MatchListChangeLog,
  type MatchListChanges,
  MatchListFeed,
  MatchListQueries,
  matchSummaryView,
  openReadDatabase,
  PROJECTIONS,
  ProjectionEngine,
  ReadDatabase,
} from '@liars-dice/server-projections';
import { speedCheck, speedLine } from './speed-check';
import { runBench } from './harness';

/**
 * What `matchListUpdated` (ADR 0030) costs the API's main thread, against its baseline in the same run: the
 * lobby's 3 s poll it replaces. Prints µs per operation and, for a busy evening (1,000 tables, ~700 moves/s,
 * LIST_CHANGES_PER_S row changes a second), the main thread's ms per second either way.
 */
const TABLES = 1_000;
const FINISHED = 5_000;
/** Opens, seats, starts and finishes a second at 1,000 tables (each match: ~1 open, ~2 seats, 1 start, 1 finish; ~10 matches end a second). */
const LIST_CHANGES_PER_S = 50;
const FILTERS = [{ status: 'lobby', open: true }, { status: 'playing' }, { status: 'playing' }] as const;
const STATUSES = ['lobby', 'playing', 'playing', 'playing', 'playing'] as const;

const human = (name: string): ListedSeat => ({ kind: 'human', name, difficulty: null, handedToCpu: false });
const FREE: ListedSeat = { kind: 'free', name: null, difficulty: null, handedToCpu: false };

const entry = (i: number, status: MatchListEntry['status']): MatchListEntry => ({
  matchId: `m${i}`, family: 'classic', kind: 'regular', ranked: false, status, disputed: false, hadDispute: false, ruling: null, voided: false, host: `host${i}`, hostId: `a${i}`,
  players: [`host${i}`, status === 'lobby' ? null : `p${i}`], freeSeats: status === 'lobby' ? 1 : 0, accountIds: [`a${i}`, `b${i}`],
  seats: [human(`host${i}`), status === 'lobby' ? FREE : human(`p${i}`)],
  winner: null, openedAt: 1_700_000_000_000 + i, startedAt: null, finishedAt: null, rounds: 0, idleSince: status === 'lobby' ? 1_700_000_000_000 + i : null, lobbyIdleSeconds: null,
});

function perOp(label: string, count: number, run: (i: number) => void): number {
  for (let i = 0; i < Math.min(count, 200); i++) run(i);
  const start = performance.now();
  for (let i = 0; i < count; i++) run(i);
  const us = ((performance.now() - start) * 1000) / count;
  console.log(`  ${label.padEnd(70)} ${us.toFixed(2).padStart(9)} µs`);
  return us;
}

/** Simulated time for the throttles: `tick` moves it on and runs the timers due (their pushes are measured too). */
function simulatedClock() {
  let now = 0;
  let timers: { at: number; run: () => void }[] = [];
  return {
    now: () => now,
    after: (ms: number, run: () => void) => {
      const timer = { at: now + ms, run };
      timers.push(timer);
      return () => (timers = timers.filter((t) => t !== timer));
    },
    tick(ms: number): void {
      now += ms;
      const due = timers.filter((t) => t.at <= now);
      if (due.length === 0) return;
      timers = timers.filter((t) => t.at > now);
      for (const timer of due) timer.run();
    },
  };
}

function readModel(): MatchListQueries {
  const db = openReadDatabase(':memory:');
  new ProjectionEngine(db, PROJECTIONS);
  const insert = db.prepare('INSERT INTO match_list VALUES (?, ?, ?, ?, ?, 0, 0, ?, ?, ?, ?, ?, NULL, ?, NULL, NULL, 0, ?, NULL, 0, NULL)');
  for (let i = 0; i < TABLES + FINISHED; i++) {
    const row = entry(i, i < TABLES ? (STATUSES[i % STATUSES.length] ?? 'playing') : 'finished');
    insert.run(row.matchId, row.family, row.kind, 0, row.status, row.host, row.hostId, JSON.stringify(row.players), JSON.stringify(row.seats), row.freeSeats, row.openedAt, row.idleSince);
  }
  return new MatchListQueries(ReadDatabase.of(db));
}

async function main(): Promise<void> {
  const speed = await speedCheck();
  const queries = readModel();
  console.log(`match-list pushes (ADR 0030): ${TABLES} tables in play or lobby, ${FINISHED} finished; push interval ${LIST_PUSH_INTERVAL_MS} ms`);
  console.log('baseline: one list read (what each poll, and each push, costs its reader)');
  const reads = [
    perOp('matches(status: LOBBY, open: true, first: 20)', 2_000, () => mapPage(queries.search(FILTERS[0], 20, null), matchSummaryView)),
    perOp('matches(status: PLAYING, first: 50)', 2_000, () => mapPage(queries.search(FILTERS[1], 50, null), matchSummaryView)),
  ];
  const read = reads.reduce((a, b) => a + b, 0) / reads.length;
  // A batch of moves reports no rows: the main thread's only added work for it is one absent-field test.
  console.log('pushes: the main thread per committed batch that changed list rows');
  const costs = new Map<number, number>();
  for (const subscribers of [100, 1_000]) {
    const feed = new MatchListFeed();
    const clock = simulatedClock();
    for (let i = 0; i < subscribers; i++) feed.updates(FILTERS[i % FILTERS.length] ?? {}, LIST_PUSH_INTERVAL_MS, clock).subscribe(() => undefined);
    const changes = (i: number): MatchListChanges => ({ rows: [{ before: entry(i, 'lobby'), after: entry(i, 'playing') }], overflow: false });
    // Changes LIST_CHANGES_PER_S a second of simulated time: each subscriber's throttle pushes every interval.
    const label = `one row changed (a start), ${subscribers} list subscribers, pushes included`;
    costs.set(subscribers, perOp(label, 20_000, (i) => (clock.tick(1_000 / LIST_CHANGES_PER_S), feed.publish(changes(i)))));
  }
  console.log('projections thread: per list event');
  const log = new MatchListChangeLog();
  perOp('record a row change (the match-list projection), take once per 10', 200_000, (i) => {
    log.record(entry(i, 'lobby'), entry(i, 'playing'));
    if (i % 10 === 0) log.take();
  });
  console.log(`a busy evening (${LIST_CHANGES_PER_S} list row changes/s), main thread ms per second:`);
  for (const [subscribers, publish] of costs) {
    const pollMs = ((subscribers / 3) * read) / 1000;
    const feedMs = (LIST_CHANGES_PER_S * publish) / 1000;
    // Each push costs its reader one read; at most one push per interval per list (every list changing all the time).
    const readsMs = ((subscribers / (LIST_PUSH_INTERVAL_MS / 1000)) * read) / 1000;
    console.log(`  ${subscribers} list subscribers: polling every 3 s ${pollMs.toFixed(1)} ms/s of reads | pushes: ${feedMs.toFixed(1)} ms/s for the feed + at most ${readsMs.toFixed(1)} ms/s of reads (0 while their lists do not change)`);
  }
  console.log(speedLine({ before: speed, after: await speedCheck() }));
}

runBench(main);
