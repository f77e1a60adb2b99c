import { Subject } from 'rxjs';
import {
  type Action,
  decide,
  evolve,
  initialState,
  legalActions,
  type MatchCommand,
  type MatchEvent,
  type MatchState,
  playerView,
  type PlayerView,
  RuleViolation,
} from '@liars-dice/game-rules';
import type { CommandBus } from '@nestjs/cqrs';
import type { ServerSettings } from '@liars-dice/server-platform';
import { LiveMatches } from '@liars-dice/server-matches';
import { CommandLog, type MatchRecord } from '@liars-dice/game-match';
import { BotDriver } from './bot-driver';
import type { CpuPolicy } from './cpu-policy';

function biddingState(): MatchState {
  let state = initialState;
  for (const command of [
    { type: 'CreateMatch', data: { matchId: 'm', ruleset: 'classic', players: ['s1', 's2'] } },
    { type: 'RollDice', data: { dice: { s1: [1, 2, 3, 4, 5], s2: [6, 6, 2, 2, 3] } } },
  ] as const) {
    const events = decide(state, command);
    if (events instanceof RuleViolation) throw events;
    state = events.reduce(evolve, state);
  }
  return state;
}

/** The replica the driver under test runs on, and another one. */
const HERE = 'here';
const THERE = 'there';

function cpuRecord(revision: bigint, writer = HERE): MatchRecord {
  const game = biddingState();
  const seats = ['s1', 's2'].map((seat) => ({
    seat,
    kind: 'cpu',
    difficulty: 'easy',
    name: null,
    holder: null,
    previous: null,
  }));
  return {
    table: { matchId: 'm', status: 'playing', seats },
    game,
    revision,
    commands: new Map(),
    seed: null,
    writer,
  } as unknown as MatchRecord;
}

async function driverWith(commandBus: Pick<CommandBus, 'execute'>, policy: CpuPolicy, current: MatchRecord | (() => MatchRecord), settingsGiven: Partial<ServerSettings> = {}) {
  const changes = new Subject<MatchRecord>();
  const matches = {
    replica: HERE,
    changes$: changes.asObservable(),
    ready: () => Promise.resolve(),
    all: () => [].values(),
    get: () => (typeof current === 'function' ? current() : current),
    // The real owner's question, asked of the record's writer.
    wroteLast: LiveMatches.prototype.wroteLast,
  };
  const settings = { botThinkMs: 0, takeoverMs: 0, ...settingsGiven } as ServerSettings;
  const driver = new BotDriver(
    matches as unknown as LiveMatches,
    commandBus as CommandBus,
    policy,
    settings,
  );
  await driver.onApplicationBootstrap();
  return { driver, changes };
}

describe('the CPU-seat driver', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('given the store fails on its move, then the move is logged and retried until it is taken', async () => {
    const record = cpuRecord(3n);
    const execute = jest
      .fn()
      .mockRejectedValueOnce(new Error('the store is unavailable'))
      .mockRejectedValueOnce(new Error('still down'))
      .mockResolvedValue({});
    const policy = {
      choose: (_d: unknown, _v: unknown, legal: readonly unknown[]) => legal[0],
    } as unknown as CpuPolicy;
    const { driver, changes } = await driverWith({ execute }, policy, record);
    changes.next(record);
    await jest.advanceTimersByTimeAsync(200 + 400);
    expect(execute).toHaveBeenCalledTimes(3);
    await driver.onApplicationShutdown();
  });

  it('given a policy that throws, then nothing leaves the driver and the next change is still played', async () => {
    const record = cpuRecord(5n);
    const execute = jest.fn().mockResolvedValue({});
    let calls = 0;
    const policy = {
      choose: (_d: unknown, _v: unknown, legal: readonly unknown[]) => {
        calls += 1;
        if (calls === 1) throw new TypeError('policy bug');
        return legal[0];
      },
    } as unknown as CpuPolicy;
    const { driver, changes } = await driverWith({ execute }, policy, record);
    changes.next(record);
    await jest.advanceTimersByTimeAsync(200);
    expect(execute).toHaveBeenCalledTimes(1);
    await driver.onApplicationShutdown();
  });

  it('given the server refuses the move (the match moved on), then it is not retried', async () => {
    const record = cpuRecord(7n);
    const execute = jest.fn().mockRejectedValue(new RuleViolation('NOT_YOUR_TURN', 'not your turn'));
    const policy = {
      choose: (_d: unknown, _v: unknown, legal: readonly unknown[]) => legal[0],
    } as unknown as CpuPolicy;
    const { driver, changes } = await driverWith({ execute }, policy, record);
    changes.next(record);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(execute).toHaveBeenCalledTimes(1);
    await driver.onApplicationShutdown();
  });

  const legalFirst = { choose: (_d: unknown, _v: unknown, legal: readonly unknown[]) => legal[0] } as unknown as CpuPolicy;
  const replicaSettings = { botThinkMs: 100, takeoverMs: 1000 };

  it('given another replica wrote the last command, then this one plays the seat only takeoverMs after the think time, if the match still waits on it then', async () => {
    const record = cpuRecord(9n, THERE);
    const execute = jest.fn().mockResolvedValue({});
    const { driver, changes } = await driverWith({ execute }, legalFirst, record, replicaSettings);
    changes.next(record);
    await jest.advanceTimersByTimeAsync(1099);
    expect(execute).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(execute).toHaveBeenCalledTimes(1);
    await driver.onApplicationShutdown();
  });

  it('given this replica wrote the last command (the record names it, however it arrived), then it plays after the think time alone', async () => {
    const record = cpuRecord(9n, HERE);
    const execute = jest.fn().mockResolvedValue({});
    const { driver, changes } = await driverWith({ execute }, legalFirst, record, replicaSettings);
    changes.next(record);
    await jest.advanceTimersByTimeAsync(99);
    expect(execute).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(execute).toHaveBeenCalledTimes(1);
    await driver.onApplicationShutdown();
  });

  it('given the seat was played meanwhile (the match held is past the revision it was to act at), then nothing is sent', async () => {
    const record = cpuRecord(9n, THERE);
    let current = record;
    const execute = jest.fn().mockResolvedValue({});
    const { driver, changes } = await driverWith({ execute }, legalFirst, () => current, replicaSettings);
    changes.next(record);
    current = cpuRecord(10n);
    await jest.advanceTimersByTimeAsync(5000);
    expect(execute).not.toHaveBeenCalled();
    await driver.onApplicationShutdown();
  });

  it('given a policy that answers later (the CPU-seat thread), when the match moved on meanwhile, then the move is not sent', async () => {
    const record = cpuRecord(9n);
    let current = record;
    let answer: (action: Action) => void = () => undefined;
    const policy: CpuPolicy = { choose: () => new Promise<Action>((resolve) => (answer = resolve)) };
    const execute = jest.fn().mockResolvedValue({});
    const { driver, changes } = await driverWith({ execute }, policy, () => current);
    changes.next(record);
    await jest.advanceTimersByTimeAsync(0);
    current = cpuRecord(10n);
    answer({ type: 'liar' });
    await jest.advanceTimersByTimeAsync(1000);
    expect(execute).not.toHaveBeenCalled();
    await driver.onApplicationShutdown();
  });

  it('given decisions still thinking, when the driver stops, then it closes the policy and neither sends nor retries them', async () => {
    const record = cpuRecord(9n);
    const close = jest.fn();
    let fail: (error: Error) => void = () => undefined;
    const policy: CpuPolicy = {
      choose: () => new Promise<Action>((_resolve, reject) => (fail = reject)),
      close: async () => {
        close();
        fail(new Error('the CPU-seat thread is closed'));
      },
    };
    const execute = jest.fn().mockResolvedValue({});
    const { driver, changes } = await driverWith({ execute }, policy, record);
    changes.next(record);
    await jest.advanceTimersByTimeAsync(0);
    await driver.onApplicationShutdown();
    await jest.advanceTimersByTimeAsync(60_000);
    expect(close).toHaveBeenCalledTimes(1);
    expect(execute).not.toHaveBeenCalled();
    expect(jest.getTimerCount()).toBe(0);
  });
});

function apply(state: MatchState, command: MatchCommand): MatchState {
  const events = decide(state, command);
  if (events instanceof RuleViolation) throw events;
  return (events as MatchEvent[]).reduce(evolve, state);
}

/** Every array of numbers anywhere in a value, with where it was found. */
function numberArrays(value: unknown, at = 'view'): { at: string; values: number[] }[] {
  if (Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'number'))
    return [{ at, values: value }];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) => numberArrays(item, `${at}.${key}`));
}

const sorted = (values: readonly number[]) => [...values].sort((a, b) => a - b).join(',');

describe('the CPU seat driver and what it hands the policy', () => {
  it("given a CPU seat to act, then the policy gets that seat's playerView and legal moves and nothing of the others' hands", async () => {
    // Given a match where a human (s1) has bid and the CPU seat s2 must act, with hands that cannot be confused
    const hands = { s1: [6, 6, 6, 6, 6], s2: [1, 2, 3, 4, 2], s3: [5, 5, 5, 5, 4] };
    let game = apply(initialState, {
      type: 'CreateMatch',
      data: { matchId: 'm1', ruleset: 'perudo', players: ['s1', 's2', 's3'], starter: 's1' },
    });
    game = apply(game, { type: 'RollDice', data: { dice: hands } });
    game = apply(game, { type: 'PlaceBid', data: { by: 's1', quantity: 2, face: 6 } });
    const seat = (id: string, kind: 'human' | 'cpu') => ({
      seat: id,
      kind,
      difficulty: kind === 'cpu' ? ('hard' as const) : null,
      name: null,
      holder: kind === 'human' ? { id: `a-${id}`, name: id } : null,
      previous: null,
    });
    const seats = [seat('s1', 'human'), seat('s2', 'cpu'), seat('s3', 'human')];
    const record = {
      table: { matchId: 'm1', status: 'playing', seats } as unknown as MatchRecord['table'],
      game,
      revision: 7n,
      commands: CommandLog.empty,
      sealedSeed: 'sealed',
      seed: 'secret-seed',
      writer: null,
    } satisfies MatchRecord;
    const changes = new Subject<MatchRecord>();
    const matches = {
      changes$: changes,
      ready: async () => undefined,
      all: () => [][Symbol.iterator](),
      get: () => record,
      wroteLast: () => true,
    } as unknown as LiveMatches;
    const sent: unknown[] = [];
    const commandBus = {
      execute: async (command: unknown) => void sent.push(command),
    } as unknown as CommandBus;
    const calls: unknown[][] = [];
    const policy: CpuPolicy = {
      choose: (...args) => {
        calls.push(args);
        return args[2][0] as Action;
      },
    };
    const driver = new BotDriver(matches, commandBus, policy, { botThinkMs: 0, takeoverMs: 0 } as ServerSettings);
    await driver.onApplicationBootstrap();

    // When LiveMatches announces the match
    changes.next(record);
    await new Promise((resolve) => setImmediate(resolve));
    await driver.onApplicationShutdown();

    // Then the policy was asked once, with the seat's own view exactly as playerView builds it
    expect(calls).toHaveLength(1);
    const [difficulty, view, legal, seed] = calls[0] as [string, PlayerView, Action[], string];
    expect(calls[0]).toHaveLength(4);
    expect(difficulty).toBe('hard');
    expect(view).toStrictEqual(playerView(game, 's2'));
    expect(legal).toStrictEqual(legalActions(game, 's2'));
    expect(seed).not.toContain('secret-seed');
    // and no other seat's live hand (as a multiset, anywhere) is in what it got
    const found = numberArrays(calls[0]).filter(
      ({ values }) => sorted(values) === sorted(hands.s1) || sorted(values) === sorted(hands.s3),
    );
    expect(found).toEqual([]);
    expect(view.myDice).toEqual(hands.s2);
    expect(sent).toHaveLength(1);
  });
});
