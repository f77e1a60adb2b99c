import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SqliteEventStore } from '@liars-dice/event-store-sqlite';
import { commandId, TestPlayer, type TestView } from './support/player';
import { BID, CREATE, JOIN, LIAR, START } from './support/queries';
import { API_MAIN, exited, startApiProcess as startApi } from './support/api-process';
import { ledgerCounts, liveAndRebuilt } from './support/stream-checks';

/**
 * The whole service killed with SIGKILL mid-load, several times, and started again on the same data
 * directory (the compiled API as `npm start` runs it, a child process). Checks: every mutation the API
 * acknowledged is in its match exactly once; the read models equal a rebuild from the first event; a turn
 * deadline that passed while the API was down fires on start-up.
 */
jest.setTimeout(180_000);

const KILLS = 3;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const trace = (what: string) => process.env['KILL_TRACE'] && process.stderr.write(`${new Date().toISOString()} ${what}\n`);

/** One two-seat table played as fast as its players can, recording every acknowledged command id. */
class LoadTable {
  stopped = false;
  matchId = '';
  constructor(
    private readonly players: TestPlayer[],
    private readonly ledger: Map<string, string>,
  ) {}

  /** A finished table starts another match, so the load lasts as long as the test wants it to. */
  private async nextMatch(): Promise<string> {
    const [host, guest] = this.players as [TestPlayer, TestPlayer];
    const created = await host.send<{ createMatch: TestView }>(CREATE, { input: { commandId: commandId(), ruleset: 'PERUDO', seats: [{ kind: 'HUMAN' }, { kind: 'HUMAN' }] } });
    const matchId = (created.data as { createMatch: TestView }).createMatch.id;
    await guest.send(JOIN, { input: { matchId, commandId: commandId() } });
    await host.send(START, { input: { matchId, commandId: commandId() } });
    return matchId;
  }

  async run(): Promise<void> {
    while (!this.stopped) {
      try {
        await this.step();
      } catch {
        await sleep(50); // the API is down: try again once it is back
      }
    }
  }

  private async step(): Promise<void> {
    const [host] = this.players as [TestPlayer];
    const view = await host.view(this.matchId);
    if (view.status === 'finished') {
      this.matchId = await this.nextMatch();
      return;
    }
    const actor = this.players.find((p) => view.seats.find((s) => s.seat === view.toAct)?.player === p.name) as TestPlayer;
    const own = await actor.view(this.matchId);
    const bid = own.legalActions.find((a) => a.type === 'bid');
    const input = { matchId: this.matchId, commandId: commandId('load') };
    const liar = (own.round?.bids.length ?? 0) >= 2 || !bid;
    const result = await actor.send(liar ? LIAR : BID, { input: liar ? input : { ...input, quantity: bid?.quantity, face: bid?.face } });
    if (result.data) this.ledger.set(input.commandId, this.matchId);
  }
}

async function table(url: { graphql: string; ws: string }, name: string, options: Record<string, unknown> = {}): Promise<{ players: TestPlayer[]; matchId: string; started: TestView }> {
  const players = [await TestPlayer.register(url, `${name}-a`), await TestPlayer.register(url, `${name}-b`)];
  const [host, guest] = players as [TestPlayer, TestPlayer];
  const created = await host.send<{ createMatch: TestView }>(CREATE, { input: { commandId: commandId(), ruleset: 'PERUDO', options, seats: [{ kind: 'HUMAN' }, { kind: 'HUMAN' }] } });
  const matchId = (created.data as { createMatch: TestView }).createMatch.id;
  await guest.send(JOIN, { input: { matchId, commandId: commandId() } });
  const started = ((await host.send<{ startMatch: TestView }>(START, { input: { matchId, commandId: commandId() } })).data as { startMatch: TestView }).startMatch;
  return { players, matchId, started };
}

async function timeoutsOf(player: TestPlayer, matchId: string): Promise<number> {
  for (let i = 0; i < 50; i++) {
    const view = await player.view(matchId);
    const count = view.history.filter((r) => r.end?.call === 'timeout').length;
    if (count > 0) return count;
    await sleep(100);
  }
  return 0;
}

describe('the whole service killed with SIGKILL under load', () => {
  it('given acknowledged mutations and a turn deadline passing while it is down, then nothing acknowledged is lost or doubled, read models equal a rebuild, and the overdue turn times out at start-up', async () => {
    expect(existsSync(API_MAIN)).toBe(true); // npm test builds the API before Jest runs
    const dataDir = mkdtempSync(path.join(tmpdir(), 'liars-dice-kill-'));
    const ledger = new Map<string, string>();
    let api = await startApi(dataDir);
    try {
      const tables = await Promise.all([0, 1, 2, 3].map((i) => table(api.url, `kill${i}`)));
      const loads = tables.map((t) => Object.assign(new LoadTable(t.players, ledger), { matchId: t.matchId }));
      const running = loads.map((load) => load.run());
      let timed: Awaited<ReturnType<typeof table>> | null = null;
      for (let kill = 1; kill <= KILLS; kill++) {
        await sleep(1500);
        // Its turn deadline passes while the API is down after the last kill.
        if (kill === KILLS) timed = await table(api.url, 'timed', { turnSeconds: 10 });
        api.child.kill('SIGKILL');
        await exited(api.child);
        trace(`kill ${kill}, ${ledger.size} acknowledged`);
        // The last time, stay down until the timed table's turn deadline has passed.
        if (timed) await sleep(Math.max(0, (timed.started.turnDeadline ?? 0) - Date.now() + 200));
        api = await startApi(dataDir);
        for (const p of [...tables.flatMap((t) => t.players), ...(timed?.players ?? [])]) Object.assign(p, { url: api.url });
      }
      await sleep(1500);
      for (const load of loads) load.stopped = true;
      await Promise.all(running);
      expect(ledger.size).toBeGreaterThan(20);
      const overdue = timed as unknown as Awaited<ReturnType<typeof table>>;
      expect(await timeoutsOf(overdue.players[0] as TestPlayer, overdue.matchId)).toBeGreaterThan(0);

      api.child.kill('SIGTERM');
      await exited(api.child);
      const store = await SqliteEventStore.open({ file: path.join(dataDir, 'events.sqlite') });
      try {
        expect((await ledgerCounts(store, ledger)).filter((n) => n !== 1)).toEqual([]);
        const [live, rebuilt] = await liveAndRebuilt(store, dataDir);
        expect(rebuilt).toEqual(live);
      } finally {
        await store.close();
      }
    } finally {
      if (api.child.exitCode === null) api.child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
