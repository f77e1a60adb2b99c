import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { randomBytes, randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { commitmentOf } from '@liars-dice/game-fairness';
import { decide, evolve, initialState, legalActions, type MatchEvent, type MatchState, RuleViolation } from '@liars-dice/game-rules';
import { matchStream, withHouseMoves } from '@liars-dice/game-match';
import { verifyCommand } from './verify.command';

jest.setTimeout(30_000);

/** A finished classic match as the server writes it: player moves, the house's rolls, the seed at the end. */
function finishedMatch(matchId: string, seed: string): MatchEvent[] {
  const accept = (state: MatchState, events: ReturnType<typeof decide>) => {
    if (events instanceof RuleViolation) throw events;
    return withHouseMoves(state, events, seed, 0);
  };
  const fairness = { version: 'v1' as const, commitment: commitmentOf(seed) };
  let log = accept(initialState, decide(initialState, { type: 'CreateMatch', data: { matchId, ruleset: 'classic', players: ['s1', 's2'], fairness } }));
  let state = log.reduce(evolve, initialState);
  while (state.status === 'bidding') {
    const by = state.toAct;
    const liar = legalActions(state, by).some((a) => a.type === 'liar');
    const events = accept(state, decide(state, liar ? { type: 'CallLiar', data: { by } } : { type: 'PlaceBid', data: { by, quantity: 1, face: 3 } }));
    log = [...log, ...events];
    state = events.reduce(evolve, state);
  }
  return log;
}

describe('npm run verify', () => {
  let dataDir: string;
  let output: jest.SpyInstance;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'liars-dice-verify-'));
    process.env['DATA_DIR'] = dataDir;
    output = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
  });
  afterEach(() => {
    output.mockRestore();
    delete process.env['DATA_DIR'];
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function store(matchId: string, events: readonly MatchEvent[]): Promise<void> {
    const { SqliteEventStore } = await import('@liars-dice/event-store-sqlite');
    const db = await SqliteEventStore.open({ file: path.join(dataDir, 'events.sqlite') });
    await db.appendToStream(matchStream(matchId), events.map((e) => ({ id: randomUUID(), type: e.type, data: e.data })));
    await db.close();
  }

  it('given a finished match in the store, then every roll verifies and the exit code is 0', async () => {
    const seed = randomBytes(32).toString('hex');
    await store('m1', finishedMatch('m1', seed));
    expect(await verifyCommand.run(['m1'])).toBe(0);
    expect(output.mock.calls.join('')).toContain('VERIFIED');
  });

  it('given --json, then it prints the export an outsider needs: seed, commitment, seat order, every hand as recorded, the labels', async () => {
    const seed = randomBytes(32).toString('hex');
    const events = finishedMatch('m3', seed);
    await store('m3', events);
    expect(await verifyCommand.run(['m3', '--json'])).toBe(0);
    const printed = JSON.parse(output.mock.calls.join('')) as { seats: string[]; rounds: { round: number; hands: { seat: string; index: number; dice: number[] }[] }[] } & Record<string, unknown>;
    expect(printed).toMatchObject({ version: 'v1', matchId: 'm3', seed, commitment: commitmentOf(seed), seats: ['s1', 's2'], verified: true, labels: { dice: 'm3|dice|<round>|<seat index>|<block>' } });
    const first = events.find((e) => e.type === 'RoundStarted');
    expect(printed.rounds[0]).toEqual({ round: 1, hands: [{ seat: 's1', index: 0, dice: first?.type === 'RoundStarted' ? first.data.dice['s1'] : [] }, expect.objectContaining({ seat: 's2', index: 1 })] });
  });

  it('given a log whose dice were changed, then the discrepancy is named and the exit code is 1', async () => {
    const seed = randomBytes(32).toString('hex');
    const events = finishedMatch('m2', seed).map((e) =>
      e.type === 'RoundStarted' && e.data.round === 1 ? { ...e, data: { ...e.data, dice: { ...e.data.dice, s1: (e.data.dice['s1'] ?? []).map((d) => (d % 6) + 1) } } } : e,
    ) as MatchEvent[];
    await store('m2', events);
    expect(await verifyCommand.run(['m2'])).toBe(1);
    expect(output.mock.calls.join('')).toMatch(/round 1, s1: dice/);
  });

  describe('a wrong command line or data directory', () => {
    let errors: jest.SpyInstance;
    beforeEach(() => {
      errors = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    });
    afterEach(() => errors.mockRestore());

    it.each([
      [['m1', '--jsno'], 'unknown option "--jsno"'],
      [['m1', 'm2'], 'unexpected argument "m2"'],
      [[], 'missing an argument'],
      [['tournament', 't1', '--verbose'], 'unknown option "--verbose"'],
    ])('given %j, then it exits 2 naming what was wrong, before opening any store', async (args, reason) => {
      expect(await verifyCommand.run(args)).toBe(2);
      expect(errors.mock.calls.join('')).toContain(reason);
      expect(existsSync(path.join(dataDir, 'events.sqlite'))).toBe(false);
    });

    it('given --help, then it prints the usage and exits 0', async () => {
      expect(await verifyCommand.run(['--help'])).toBe(0);
      expect(output.mock.calls.join('')).toContain('usage: npm run verify -- <matchId> [--json]');
    });

    it('given a data directory that is not there, then it exits 2 naming the directory and creates nothing', async () => {
      const missing = path.join(dataDir, 'not-here');
      process.env['DATA_DIR'] = missing;
      expect(await verifyCommand.run(['m1'])).toBe(2);
      expect(errors.mock.calls.join('')).toContain(`no data directory at ${missing}`);
      expect(existsSync(missing)).toBe(false);
    });

    it('given a data directory without a store, then it exits 2 naming the file and creates nothing', async () => {
      const empty = path.join(dataDir, 'empty');
      mkdirSync(empty);
      process.env['DATA_DIR'] = empty;
      expect(await verifyCommand.run(['m1'])).toBe(2);
      expect(errors.mock.calls.join('')).toContain(`no event store at ${path.join(empty, 'events.sqlite')}`);
      expect(readdirSync(empty)).toEqual([]);
    });
  });
});
