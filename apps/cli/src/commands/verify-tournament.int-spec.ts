import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TournamentCatalog } from '@liars-dice/server-tournaments';
import { enterTournament } from '../simulate/tournament/run-tournament';
import { SimulationClock, simulationApp } from '../simulate/tournament/simulation-app';
import { verifyCommand } from './verify.command';

jest.setTimeout(120_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('npm run verify -- tournament <id>', () => {
  let dataDir: string;
  let output: jest.SpyInstance;
  let errors: jest.SpyInstance;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'liars-dice-verify-tournament-'));
    process.env['DATA_DIR'] = dataDir;
    output = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
    errors = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
  });
  afterEach(() => {
    output.mockRestore();
    errors.mockRestore();
    delete process.env['DATA_DIR'];
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A 12-player tournament (one swiss round and a final, classic with three dice) played to the end in the store. */
  async function playedTournament(): Promise<string> {
    const { SqliteEventStore } = await import('@liars-dice/event-store-sqlite');
    const store = await SqliteEventStore.open({ file: path.join(dataDir, 'events.sqlite') });
    const clock = new SimulationClock();
    const app = await simulationApp(store, clock, randomBytes(32).toString('hex'));
    try {
      const options = { players: 12, family: 'classic' as const, matchOptions: { startingDice: 3 }, rounds: 1, maxTable: 6, difficulty: 'easy' as const, timeoutMs: 0 };
      const { id, startsAt } = await enterTournament(app, clock, options);
      const notOver = await verifyCommand.run(['tournament', id]).catch(() => -1);
      expect(notOver).toBe(2);
      clock.advanceTo(startsAt);
      const catalog = app.get(TournamentCatalog);
      while (catalog.get(id)?.state.status !== 'finished') await sleep(50);
      return id;
    } finally {
      await app.close();
      await store.close();
    }
  }

  it('given a finished tournament, recomputes every lot, seating and table match and exits 0', async () => {
    const id = await playedTournament();
    expect(errors.mock.calls.join('')).toContain('is not over');
    expect(await verifyCommand.run(['tournament', id])).toBe(0);
    const printed = output.mock.calls.join('');
    expect(printed).toContain(`tournament ${id}: VERIFIED`);
    expect(printed).toMatch(/12 lots and 2 seatings recomputed/);
    expect(printed).toMatch(/3 of 3 table matches checked/);
    expect(await verifyCommand.run(['tournament', id, '--json'])).toBe(0);
    expect(JSON.parse(String(output.mock.calls.at(-1)?.[0]))).toMatchObject({ tournamentId: id, allVerified: true, lotsChecked: 12 });
  });

  it('refuses an unknown tournament and a missing id with exit code 2', async () => {
    const { SqliteEventStore } = await import('@liars-dice/event-store-sqlite');
    await (await SqliteEventStore.open({ file: path.join(dataDir, 'events.sqlite') })).close();
    expect(await verifyCommand.run(['tournament', 'nope'])).toBe(2);
    expect(errors.mock.calls.join('')).toContain('no tournament nope');
    expect(await verifyCommand.run(['tournament'])).toBe(2);
  });
});
