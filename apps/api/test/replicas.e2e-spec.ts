import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type EventStore } from '@liars-dice/event-store-port';
import { createEsdbEventStore } from '@liars-dice/event-store-esdb';
import { EsdbTestServer } from '@liars-dice/event-store-esdb-test-server';
import { endsBatch, MATCH_STREAM_PREFIX, matchStream, readMetadata } from '@liars-dice/game-match';
import { type ApiProcess, exited, startApiProcess } from './support/api-process';
import { eventually } from './support/eventually';
import { Feed, postGraphQL } from './support/graphql-client';
import { commandId, TestPlayer, type TestView } from './support/player';
import { BID, CREATE, JOIN, MATCHES, ME, START, UPDATED } from './support/queries';
import { DriveLog, driveAcrossReplicas, type Seat, seatOnBoth } from './support/replica-drive';
import { batchesOf, ledgerCounts, liveAndRebuilt } from './support/stream-checks';

/**
 * Two API processes on one EventStoreDB, driven through both at once (issue #16): commands always reach the
 * replica with the staler cache, retries come through the other one, a player's two bids race on both, CPU
 * seats and turn timers are played by whichever replica gets there first, and then one replica is killed.
 * Replica A acts on every CPU seat and timer at once (TAKEOVER_MS=0); B leaves those whose last command A wrote
 * to A for TAKEOVER_MS, so both the races (fenced by the expected revision) and the takeover after a SIGKILL show.
 */
jest.setTimeout(300_000);

const SEED_KEY = 'c0ffee'.repeat(10) + 'c0ffee00'.slice(0, 4);
const THINK_MS = 300;
const TAKEOVER_MS = 800;
/** What a loaded 2-core machine may add to a stated time before the test calls it late. */
const SLACK_MS = 5_000;
/**
 * How soon a role change on one replica must apply on the other: the account follower's lag (milliseconds)
 * with a loaded machine's slack, and well under the 5 s that a cache which merely expired would take.
 */
const PROMPT_MS = 3_000;
const trace = (what: string) => process.env['REPLICA_TRACE'] && process.stderr.write(`${what}\n`);

interface Opened {
  readonly matchId: string;
  readonly feeds: readonly Feed<string>[];
  readonly started: TestView;
}

/** Created on A, joined on B, watched from both (a subscriber on each replica), started on `startOn`. */
async function openMatch(seats: readonly Seat[], input: Record<string, unknown>, startOn: 0 | 1 = 0): Promise<Opened> {
  const [host, ...guests] = seats as [Seat, ...Seat[]];
  const created = await host.on[0].send<{ createMatch: TestView }>(CREATE, { input: { commandId: commandId('open'), ...input } });
  const matchId = created.data?.createMatch.id as string;
  for (const guest of guests) await guest.on[1].send(JOIN, { input: { matchId, commandId: commandId('join') } });
  const watchers = [host.on[0], (guests[0] ?? host).on[1]];
  const feeds = await Promise.all(watchers.map(async (p) => new Feed<string>(await p.connect(), UPDATED, { id: matchId }, (data) => (data['matchUpdated'] as TestView).revision)));
  const started = (await host.on[startOn].send<{ startMatch: TestView }>(START, { input: { matchId, commandId: commandId('start') } })).data?.startMatch as TestView;
  return { matchId, feeds, started };
}

/** The revisions at which a command ended (what a subscriber must be pushed), from the stream itself. */
async function commandEnds(store: EventStore, matchId: string): Promise<bigint[]> {
  return (await store.readStream(matchStream(matchId))).filter((e) => endsBatch(e.metadata)).map((e) => e.revision);
}

/** Revisions of a match a subscriber was never pushed, after the first one it got. */
function missedBy(feed: Feed<string>, ends: readonly bigint[]): string[] {
  const seen = new Set(feed.values);
  const first = BigInt(feed.values[0] ?? '-1');
  return ends.filter((r) => r > first && !seen.has(String(r))).map(String);
}

/** Both replicas expire a lobby nobody touches for this long (ADR 0048): longer than any match here waits to start. */
const LOBBY_IDLE_SECONDS = 12;

/** A lobby nobody will join, opened through the replica `on` (which then writes its last command). */
async function idleLobby(host: Seat, on: 0 | 1): Promise<{ matchId: string; openedAt: number }> {
  const created = await host.on[on].send<{ createMatch: TestView }>(CREATE, { input: { commandId: commandId('idle'), ruleset: 'CLASSIC', seats: [{ kind: 'HUMAN' }, { kind: 'HUMAN' }] } });
  return { matchId: created.data?.createMatch.id as string, openedAt: Date.now() };
}

/** Waits (up to `withinMs`) until the replica `on` shows the lobby expired; its stream then holds one `LobbyClosed`. */
async function expiredOnce(store: EventStore, viewer: Seat, on: 0 | 1, matchId: string, withinMs: number): Promise<void> {
  const closing = async () => (await viewer.on[on].send<{ match: { closing: { reason: string } | null } }>('query($id: ID!) { match(id: $id) { closing { reason } } }', { id: matchId })).data?.match.closing?.reason;
  expect(await eventually(closing, (reason) => reason !== undefined, withinMs)).toBe('expired');
  expect((await store.readStream(matchStream(matchId))).filter((e) => e.type === 'LobbyClosed')).toHaveLength(1);
}

const timeouts = (view: TestView) => view.history.filter((round) => round.end?.call === 'timeout').length;

async function metric(base: string, outcome: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  return [...text.matchAll(new RegExp(`^liars_dice_commands_total\\{command="[^"]+",outcome="${outcome}"\\} (\\d+)$`, 'gm'))].reduce((sum, m) => sum + Number(m[1]), 0);
}

function describeReplicas(where: string, node: () => Promise<{ connectionString: string; stop(): Promise<void> }>): void {
  describe(`two API replicas on one EventStoreDB (${where})`, () => {
    const dirs = [0, 1].map(() => mkdtempSync(path.join(tmpdir(), 'liars-dice-replica-')));
    const log = new DriveLog();
    let stopNode: () => Promise<void> = async () => undefined;
    let store: EventStore;
    let replicas: ApiProcess[] = [];
    let seats: Seat[] = [];
    let run = '';

    beforeAll(async () => {
      const started = await node();
      stopNode = started.stop;
      store = createEsdbEventStore(started.connectionString);
      // Unique names: a real node may be shared with earlier runs.
      run = Date.now().toString(36).slice(-6);
      const env = (takeover: number) => ({ EVENTSTORE_CONNECTION_STRING: started.connectionString, SEED_KEY, BOT_THINK_MS: String(THINK_MS), TAKEOVER_MS: String(takeover), ADMIN_SETUP_TOKEN: `replicas-admin-setup-token-${run}-0123456789`, LOBBY_IDLE_SECONDS: String(LOBBY_IDLE_SECONDS) });
      replicas = await Promise.all([startApiProcess(dirs[0] as string, env(0)), startApiProcess(dirs[1] as string, env(TAKEOVER_MS))]);
      const urls = [replicas[0]?.url, replicas[1]?.url] as [Seat['on'][0]['url'], Seat['on'][1]['url']];
      seats = [];
      for (const name of ['al', 'bo', 'cy']) seats.push(await seatOnBoth(urls, `${name}${run}`));
    });

    afterAll(async () => {
      await Promise.all(seats.flatMap((s) => s.on.map((p) => p.close())));
      for (const replica of replicas) replica.child.kill('SIGKILL');
      await Promise.all(replicas.map((r) => exited(r.child)));
      await store?.close();
      await stopNode();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    });

    it('given the same matches driven through both replicas at once, then no valid command is refused, retries get their first result, races have one winner, CPU seats and timers act once, subscribers on both see every update and both answer alike', async () => {
      const [al, bo, cy] = seats as [Seat, Seat, Seat];
      const cpu = (difficulty: string) => ({ kind: 'CPU', difficulty });
      // A lobby B writes and nobody joins: A (TAKEOVER_MS=0) and B both expire it at its time; one append wins.
      const idle = await idleLobby(bo, 1);
      const played = await Promise.all([
        openMatch([al, bo], { ruleset: 'CLASSIC', options: { startingDice: 3 }, seats: [{ kind: 'HUMAN' }, { kind: 'HUMAN' }, cpu('MEDIUM')] }),
        openMatch([bo, cy], { ruleset: 'REVOLVER', options: { bullets: 5 }, seats: [{ kind: 'HUMAN' }, { kind: 'HUMAN' }, cpu('EASY')] }),
        openMatch([cy, al, bo], { ruleset: 'CLASSIC', options: { startingDice: 3, wildOnes: false }, seats: [{ kind: 'HUMAN' }, { kind: 'HUMAN' }, { kind: 'HUMAN' }] }),
      ]);
      // Nobody moves here: its turn deadline passes with both replicas' timers armed.
      const timed = await openMatch([al, cy], { ruleset: 'CLASSIC', options: { startingDice: 3, turnSeconds: 10 }, seats: [{ kind: 'HUMAN' }, { kind: 'HUMAN' }] }, 1);
      const seatsOf = [[al, bo], [bo, cy], [cy, al, bo]];
      await Promise.all(played.map((m, i) => driveAcrossReplicas(m.matchId, seatsOf[i] as Seat[], log)));

      expect(log.refusedValid).toEqual([]);
      expect(log.retriesDiffering).toEqual([]);
      expect(log.retries).toBeGreaterThan(5);
      expect(log.conflictOutcomes.length).toBeGreaterThan(2);
      expect(log.conflictOutcomes.filter((accepted) => accepted !== 1)).toEqual([]);

      const firstDeadline = timed.started.turnDeadline ?? 0;
      const timedOut = await eventually(() => al.on[0].view(timed.matchId), (v) => timeouts(v) > 0, firstDeadline - Date.now() + TAKEOVER_MS + SLACK_MS);
      // One TimeOut per deadline that has passed: driving the other matches can outlast the next 10 s turn on
      // a loaded machine, and that second deadline fires too; both replicas firing the same one would add one.
      const deadlinesPassed = Math.floor((Date.now() - firstDeadline) / 10_000) + 1;
      expect(timeouts(timedOut)).toBeGreaterThanOrEqual(1);
      expect(timeouts(timedOut)).toBeLessThanOrEqual(deadlinesPassed);
      const [onA, onB] = await eventually(async () => [timeouts(await al.on[0].view(timed.matchId)), timeouts(await al.on[1].view(timed.matchId))], ([a, b]) => a === b, 5_000);
      expect(onB).toBe(onA);

      for (const match of [...played, timed]) {
        const ends = await commandEnds(store, match.matchId);
        for (const feed of match.feeds) expect({ match: match.matchId, missed: missedBy(feed, ends) }).toEqual({ match: match.matchId, missed: [] });
        expect([...(await batchesOf(store, match.matchId)).values()].filter((n) => n !== 1)).toEqual([]);
      }
      for (const seat of seats) {
        const list = (p: Seat['on'][0]) => p.send(MATCHES, { filter: { mine: true }, first: 50 }).then((r) => JSON.stringify(r.data));
        const onA = await list(seat.on[0]);
        expect(await eventually(() => list(seat.on[1]), (onB) => onB === onA, 20_000)).toBe(onA);
        for (const match of played) expect(await seat.on[1].view(match.matchId)).toEqual(await seat.on[0].view(match.matchId));
      }
      // A acts on every CPU seat and timer at once, so it races B on B's own: a loser that got as far as the
      // store is fenced by the expected revision and counted (how many depends on timing; the runner's
      // int-spec shows each way of losing exactly).
      await expiredOnce(store, bo, 0, idle.matchId, idle.openedAt + LOBBY_IDLE_SECONDS * 1000 - Date.now() + SLACK_MS);
      const exposition = await Promise.all(replicas.map(async (r) => (await fetch(`${r.base}/metrics`)).text()));
      for (const text of exposition) expect(text).toContain('# TYPE liars_dice_side_effects_fenced_total counter');
      const fenced = (await metric(replicas[0]?.base as string, 'fenced')) + (await metric(replicas[1]?.base as string, 'fenced'));
      trace(`${log.acknowledged.size} acknowledged, ${log.retries} retries, ${log.conflictOutcomes.length} races, ${fenced} fenced`);
    });

    it('given a role granted and then taken away on replica A, then a token the account already holds acts with it on replica B within PROMPT_MS each time (ADR 0007)', async () => {
      const urls = replicas.map((r) => r.url) as [ApiProcess['url'], ApiProcess['url']];
      const boss = await TestPlayer.registerAdmin(urls[0], `boss${run}`, `replicas-admin-setup-token-${run}-0123456789`);
      const mod = await TestPlayer.register(urls[0], `mod${run}`);
      const grant = 'mutation($name: String!, $role: Role!) { grantRole(name: $name, role: $role) { role } }';
      const roleOnB = async () => (await postGraphQL<{ me: { role: string } }>(urls[1].graphql, ME, {}, mod.token)).data?.me.role;
      expect(await roleOnB()).toBe('PLAYER');
      for (const role of ['MODERATOR', 'PLAYER', 'MODERATOR', 'PLAYER']) {
        const granted = await postGraphQL<{ grantRole: { role: string } }>(urls[0].graphql, grant, { name: `mod${run}`, role }, boss.token);
        expect(granted.data?.grantRole.role).toBe(role);
        const at = Date.now();
        expect(await eventually(roleOnB, (seen) => seen === role, PROMPT_MS)).toBe(role);
        trace(`${role} seen on B ${Date.now() - at} ms after the grant on A`);
      }
    });

    it('given replica A killed with SIGKILL while a CPU seat, a turn timer and a lobby\'s expiry wait on it, then B plays the seat within BOT_THINK_MS + TAKEOVER_MS and fires the timer and the expiry within TAKEOVER_MS of their time', async () => {
      const [al, bo] = seats as [Seat, Seat];
      const idle = await idleLobby(al, 0);
      const timed = await openMatch([al, bo], { ruleset: 'CLASSIC', options: { startingDice: 3, turnSeconds: 10 }, seats: [{ kind: 'HUMAN' }, { kind: 'HUMAN' }] });
      const solo = await openMatch([al], { ruleset: 'CLASSIC', options: { startingDice: 3 }, seats: [{ kind: 'HUMAN' }, { kind: 'CPU', difficulty: 'EASY' }] });
      // Alice moves on A, so the CPU's turn is A's to play; A dies before its think time is up.
      let waiting = solo.started;
      if (waiting.toAct === waiting.me) waiting = (await al.on[0].send<{ placeBid: TestView }>(BID, { input: { matchId: solo.matchId, commandId: commandId('solo'), quantity: 1, face: 4 } })).data?.placeBid as TestView;
      replicas[0]?.child.kill('SIGKILL');
      const killedAt = Date.now();
      await exited(replicas[0]?.child as NonNullable<ApiProcess['child']>);

      const moved = await eventually(() => al.on[1].view(solo.matchId), (v) => BigInt(v.revision) > BigInt(waiting.revision), THINK_MS + TAKEOVER_MS + SLACK_MS);
      expect(BigInt(moved.revision)).toBeGreaterThan(BigInt(waiting.revision));
      expect(Date.now() - killedAt).toBeLessThan(THINK_MS + TAKEOVER_MS + SLACK_MS);
      trace(`CPU seat played ${Date.now() - killedAt} ms after the kill`);

      const deadline = timed.started.turnDeadline ?? 0;
      const fired = await eventually(() => al.on[1].view(timed.matchId), (v) => timeouts(v) > 0, deadline - Date.now() + TAKEOVER_MS + SLACK_MS);
      expect(timeouts(fired)).toBe(1);
      expect(Date.now() - deadline).toBeLessThan(TAKEOVER_MS + SLACK_MS);
      trace(`turn timed out ${Date.now() - deadline} ms after its deadline`);

      const due = idle.openedAt + LOBBY_IDLE_SECONDS * 1000;
      await expiredOnce(store, al, 1, idle.matchId, due - Date.now() + TAKEOVER_MS + SLACK_MS);
      expect(Date.now() - due).toBeLessThan(TAKEOVER_MS + SLACK_MS);
      trace(`lobby expired ${Date.now() - due} ms after its time`);
    });

    it('given both replicas stopped, then every acknowledged command is in its stream once, no race loser is, no event is stored twice, and each replica\'s read database equals a rebuild', async () => {
      replicas[1]?.child.kill('SIGTERM');
      await exited(replicas[1]?.child as NonNullable<ApiProcess['child']>);
      expect((await ledgerCounts(store, log.acknowledged)).filter((n) => n !== 1)).toEqual([]);
      expect((await ledgerCounts(store, log.losers)).filter((n) => n !== 0)).toEqual([]);
      const events = await store.readAll({ filter: { streamPrefixes: [MATCH_STREAM_PREFIX] } });
      expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
      expect(events.filter((e) => readMetadata(e.metadata).commandId === null)).toEqual([]);
      for (const dir of dirs) {
        const [live, rebuilt] = await liveAndRebuilt(store, dir);
        expect(rebuilt).toEqual(live);
      }
    });
  });
}

describeReplicas('the wire-protocol test server', async () => {
  const server = await EsdbTestServer.start();
  return { connectionString: server.connectionString, stop: () => server.stop() };
});

const real = process.env['EVENTSTORE_CONNECTION_STRING'];
if (real) {
  describeReplicas(real, async () => ({ connectionString: real, stop: async () => undefined }));
} else {
  // Not run without a node to run against: reported as a to-do, never as a pass (lint bans .skip).
  describe('two API replicas on a real EventStoreDB', () => {
    it.todo('the same test, once EVENTSTORE_CONNECTION_STRING=esdb://… names a node (see infra/README.md)');
  });
}
