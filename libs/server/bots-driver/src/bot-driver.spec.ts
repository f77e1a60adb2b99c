import { Subject } from 'rxjs';
import { decide, evolve, initialState, type MatchState, RuleViolation } from '@liars-dice/game-rules';
import type { Dispatcher, ServerSettings } from '@liars-dice/server-platform';
import type { MatchCatalog, MatchRecord } from '@liars-dice/server-matches';
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

function cpuRecord(revision: bigint): MatchRecord {
  const game = biddingState();
  const seats = ['s1', 's2'].map((seat) => ({ seat, kind: 'cpu', difficulty: 'easy', owner: null, handedToCpu: false }));
  return { opened: { matchId: 'm' }, seats, game, revision, commands: new Map(), seed: null } as unknown as MatchRecord;
}

async function driverWith(dispatcher: Pick<Dispatcher, 'execute'>, policy: CpuPolicy, current: MatchRecord) {
  const changes = new Subject<MatchRecord>();
  const catalog = { changes$: changes.asObservable(), ready: () => Promise.resolve(), all: () => [].values(), get: () => current };
  const settings = { botThinkMs: 0 } as ServerSettings;
  const driver = new BotDriver(catalog as unknown as MatchCatalog, dispatcher as Dispatcher, policy, settings);
  await driver.onApplicationBootstrap();
  return { driver, changes };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('the CPU-seat driver', () => {
  it('given the store fails on its move, then the move is logged and retried until it is taken', async () => {
    const record = cpuRecord(3n);
    const execute = jest.fn().mockRejectedValueOnce(new Error('the store is unavailable')).mockRejectedValueOnce(new Error('still down')).mockResolvedValue({});
    const policy = { choose: (_d: unknown, _v: unknown, legal: readonly unknown[]) => legal[0] } as unknown as CpuPolicy;
    const { driver, changes } = await driverWith({ execute }, policy, record);
    changes.next(record);
    await jest.advanceTimersByTimeAsync(200 + 400);
    expect(execute).toHaveBeenCalledTimes(3);
    driver.onApplicationShutdown();
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
    driver.onApplicationShutdown();
  });

  it('given the server refuses the move (the match moved on), then it is not retried', async () => {
    const record = cpuRecord(7n);
    const execute = jest.fn().mockRejectedValue(new RuleViolation('NOT_YOUR_TURN', 'not your turn'));
    const policy = { choose: (_d: unknown, _v: unknown, legal: readonly unknown[]) => legal[0] } as unknown as CpuPolicy;
    const { driver, changes } = await driverWith({ execute }, policy, record);
    changes.next(record);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(execute).toHaveBeenCalledTimes(1);
    driver.onApplicationShutdown();
  });
});
