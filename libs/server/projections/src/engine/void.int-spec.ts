import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { EventStore } from '@liars-dice/event-store-port';
import { SqliteEventStore } from '@liars-dice/event-store-sqlite';
import { matchStream, type StreamEvent } from '@liars-dice/game-match';
import { playedMatch, type TableSetup } from '@liars-dice/game-projections/testing';
import { ProjectionRunner } from '../feed/projection-runner';
import { rebuildProjections } from '../feed/rebuild';
import { openReadDatabase, type ReadDb } from '../read-database';
import { appendMatches, appendTo, sampleTables, toAppend } from '../testing';
import { ProjectionEngine } from './projection-engine';

jest.setTimeout(60_000);

/** The read models a void must follow: every rating ladder, the statistics and the list. */
const FOLLOWERS = ['rating', 'player-stats', 'global-stats', 'match-list'];

let dir: string;
const open: ReadDb[] = [];
const stores: EventStore[] = [];

async function newStore(name: string): Promise<EventStore> {
  const store = await SqliteEventStore.open({ file: path.join(dir, `${name}.sqlite`) });
  stores.push(store);
  return store;
}

function newEngine(name: string): ProjectionEngine {
  const db = openReadDatabase(path.join(dir, `${name}-read.sqlite`));
  open.push(db);
  return new ProjectionEngine(db);
}

async function catchUp(store: EventStore, engine: ProjectionEngine): Promise<void> {
  const runner = new ProjectionRunner(store, engine);
  runner.start();
  const [last] = await store.readAll({ direction: 'backwards', maxCount: 1 });
  await runner.whenApplied(last?.position ?? 0n);
  await runner.stop();
}

/** What the ratings and statistics show (no log positions, which differ between two logs, and no bookkeeping). */
function shown(engine: ProjectionEngine): Record<string, unknown[]> {
  const dump = engine.dump(['rating', 'player-stats', 'global-stats']);
  const noSeq = (rows: unknown[] = []) => rows.map((row) => Object.fromEntries(Object.entries(row as object).filter(([k]) => k !== 'seq')));
  return { ratings: dump['ratings'] ?? [], history: noSeq(dump['rating_history']), player: dump['player_stats'] ?? [], global: dump['global_stats'] ?? [] };
}

const voidOf = (matchId: string): StreamEvent => ({ type: 'MatchVoided', data: { disputeId: `${matchId}.1`, reason: 'collusion' } });
const unvoidOf = (matchId: string): StreamEvent => ({ type: 'MatchUnvoided', data: { disputeId: `${matchId}.1`, reason: 'appeal' } });

const ranked = sampleTables(16, 'v').filter((t) => t.ranked && t.kind === 'regular');

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'void-'));
});

afterEach(async () => {
  for (const db of open.splice(0)) db.close();
  for (const store of stores.splice(0)) await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('voiding a match and undoing it (every read model follows)', () => {
  const victim = ranked[2] as TableSetup;

  it('given a void, then ratings, histories and statistics equal a rebuild from a log without the match', async () => {
    const store = await newStore('with');
    await appendMatches(store, ranked);
    await appendTo(store, victim.matchId, voidOf(victim.matchId));
    const live = newEngine('with');
    await catchUp(store, live);

    const without = await newStore('without');
    await appendMatches(without, ranked.filter((t) => t !== victim));
    const clean = newEngine('without');
    await rebuildProjections(without, clean);
    expect(shown(live)).toEqual(shown(clean));
    expect(shown(live)['player']?.length).toBeGreaterThan(0);
  });

  it('given a void and then its undoing, then every follower’s tables are byte for byte what they were before', async () => {
    const store = await newStore('undo');
    await appendMatches(store, ranked);
    const engine = newEngine('undo');
    await catchUp(store, engine);
    const before = engine.dump(FOLLOWERS);

    await appendTo(store, victim.matchId, voidOf(victim.matchId));
    await catchUp(store, engine);
    const changed = (dump: Record<string, unknown[]>) => Object.keys(dump).filter((table) => JSON.stringify(dump[table]) !== JSON.stringify(before[table]));
    expect(changed(engine.dump(FOLLOWERS))).toEqual(expect.arrayContaining(['ratings', 'player_stats', 'global_stats', 'match_list']));
    await appendTo(store, victim.matchId, unvoidOf(victim.matchId));
    await catchUp(store, engine);
    expect(changed(engine.dump(FOLLOWERS))).toEqual([]);
  });

  it('given a match disputed during play, then its result waits for the ruling and then takes its place in the log', async () => {
    const disputed = playedMatch(victim);
    const finish = disputed.findIndex((e) => e.event.type === 'MatchFinished');
    const flag = { ...(disputed[finish] as (typeof disputed)[number]), event: { type: 'MatchDisputed', data: { disputeId: `${victim.matchId}.1`, live: true } } as StreamEvent };
    const store = await newStore('held');
    await appendMatches(store, ranked.filter((t) => t !== victim));
    await store.appendToStream(matchStream(victim.matchId), [...disputed.slice(0, finish), flag, ...disputed.slice(finish)].map(toAppend), { expectedRevision: 'no_stream' });
    const held = newEngine('held');
    await catchUp(store, held);

    const plain = await newStore('plain');
    await appendMatches(plain, ranked.filter((t) => t !== victim));
    const withoutIt = newEngine('plain-without');
    await catchUp(plain, withoutIt);
    expect(shown(held).ratings).toEqual(shown(withoutIt).ratings);

    await appendTo(store, victim.matchId, { type: 'DisputeResolved', data: { disputeId: `${victim.matchId}.1`, outcome: 'dismiss' } });
    await catchUp(store, held);
    const everything = await newStore('everything');
    await appendMatches(everything, ranked);
    const withIt = newEngine('everything');
    await catchUp(everything, withIt);
    expect(shown(held).ratings).toEqual(shown(withIt).ratings);
  });
});
