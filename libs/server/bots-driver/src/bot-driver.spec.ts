import { Subject } from 'rxjs';
import { type Action, decide, evolve, initialState, legalActions, type MatchCommand, type MatchEvent, type MatchState, playerView, type PlayerView, RuleViolation } from '@liars-dice/game-rules';
import type { Dispatcher, ServerSettings } from '@liars-dice/server-platform';
import type { MatchCatalog, MatchRecord } from '@liars-dice/server-matches';
import { BotDriver } from './bot-driver';
import type { CpuPolicy } from './cpu-policy';

function apply(state: MatchState, command: MatchCommand): MatchState {
  const events = decide(state, command);
  if (events instanceof RuleViolation) throw events;
  return (events as MatchEvent[]).reduce(evolve, state);
}

/** Every array of numbers anywhere in a value, with where it was found. */
function numberArrays(value: unknown, at = 'view'): { at: string; values: number[] }[] {
  if (Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'number')) return [{ at, values: value }];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) => numberArrays(item, `${at}.${key}`));
}

const sorted = (values: readonly number[]) => [...values].sort((a, b) => a - b).join(',');

describe('the CPU seat driver', () => {
  it("given a CPU seat to act, then the policy gets that seat's playerView and legal moves and nothing of the others' hands", async () => {
    // Given a match where a human (s1) has bid and the CPU seat s2 must act, with hands that cannot be confused
    const hands = { s1: [6, 6, 6, 6, 6], s2: [1, 2, 3, 4, 2], s3: [5, 5, 5, 5, 4] };
    let game = apply(initialState, { type: 'CreateMatch', data: { matchId: 'm1', ruleset: 'perudo', players: ['s1', 's2', 's3'], starter: 's1' } });
    game = apply(game, { type: 'RollDice', data: { dice: hands } });
    game = apply(game, { type: 'PlaceBid', data: { by: 's1', quantity: 2, face: 6 } });
    const seat = (id: string, kind: 'human' | 'cpu') => ({ seat: id, kind, difficulty: kind === 'cpu' ? ('hard' as const) : null, owner: kind === 'human' ? { id: `a-${id}`, name: id } : null, handedToCpu: false });
    const record = {
      opened: { matchId: 'm1' } as MatchRecord['opened'],
      seats: [seat('s1', 'human'), seat('s2', 'cpu'), seat('s3', 'human')],
      game,
      revision: 7n,
      commands: new Map<string, bigint>(),
      seed: 'secret-seed',
    } satisfies MatchRecord;
    const changes = new Subject<MatchRecord>();
    const catalog = { changes$: changes, ready: async () => undefined, all: () => [][Symbol.iterator]() } as unknown as MatchCatalog;
    const sent: unknown[] = [];
    const dispatcher = { execute: async (command: unknown) => void sent.push(command) } as unknown as Dispatcher;
    const calls: unknown[][] = [];
    const policy: CpuPolicy = {
      choose: (...args) => {
        calls.push(args);
        return args[2][0] as Action;
      },
    };
    const driver = new BotDriver(catalog, dispatcher, policy, { botThinkMs: 0 } as ServerSettings);
    await driver.onApplicationBootstrap();

    // When the catalog announces the match
    changes.next(record);
    await new Promise((resolve) => setImmediate(resolve));
    driver.onApplicationShutdown();

    // Then the policy was asked once, with the seat's own view exactly as playerView builds it
    expect(calls).toHaveLength(1);
    const [difficulty, view, legal, seed] = calls[0] as [string, PlayerView, Action[], string];
    expect(calls[0]).toHaveLength(4);
    expect(difficulty).toBe('hard');
    expect(view).toStrictEqual(playerView(game, 's2'));
    expect(legal).toStrictEqual(legalActions(game, 's2'));
    expect(seed).not.toContain('secret-seed');
    // and no other seat's live hand (as a multiset, anywhere) is in what it got
    const found = numberArrays(calls[0]).filter(({ values }) => sorted(values) === sorted(hands.s1) || sorted(values) === sorted(hands.s3));
    expect(found).toEqual([]);
    expect(view.myDice).toEqual(hands.s2);
    expect(sent).toHaveLength(1);
  });
});
