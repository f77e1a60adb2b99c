import { type CommandBus } from '@nestjs/cqrs';
import { RuleViolation } from '@liars-dice/game-rules';
import { Clock, Refusal, type ServerSettings } from '@liars-dice/server-platform';
import type { LiveMatches, TimeOutCommand } from '@liars-dice/server-matches';
import type { MatchRecord } from '@liars-dice/game-match';
import { FakeMatches, HERE, THERE } from './testing/fake-matches';
import { TurnTimer } from './turn-timer';

/** The part of a record the timer reads: which revision, whether a turn runs, its recorded deadline, who wrote it. */
function record(matchId: string, revision: bigint, turnDeadline: number | null, writer = HERE): MatchRecord {
  return { table: { matchId }, revision, writer, game: { status: turnDeadline === null ? 'awaiting-roll' : 'bidding', turnDeadline } } as unknown as MatchRecord;
}

/**
 * The engine's side of a TimeOut, as the TimeOut handler decides it: refused before the recorded deadline by
 * the engine's own clock, a no-op once the turn moved on, else applied (LiveMatches then announces the new turn).
 */
class FakeEngine {
  readonly applied: string[] = [];
  readonly refused: string[] = [];
  /** How far behind the timer's clock the engine measures time (Node timers may fire that early). */
  behindMs = 0;
  failuresLeft = 0;
  readonly deadlines = new Map<string, { revision: bigint; deadline: number }>();

  constructor(private readonly matches: FakeMatches) {}

  execute = async (command: TimeOutCommand): Promise<unknown> => {
    if (this.failuresLeft > 0) {
      this.failuresLeft--;
      throw new Error('the store is unavailable');
    }
    const turn = this.deadlines.get(command.matchId);
    if (!turn || turn.revision !== command.seenRevision) return { repeated: false };
    if (Date.now() - this.behindMs < turn.deadline) {
      this.refused.push(`${command.matchId}@${command.seenRevision}`);
      throw new RuleViolation('TURN_NOT_EXPIRED', `the turn runs until ${turn.deadline}`);
    }
    this.applied.push(`${command.matchId}@${command.seenRevision}`);
    this.deadlines.delete(command.matchId);
    this.matches.changes.next(record(command.matchId, turn.revision + 3n, null));
    return { repeated: false };
  };

  turn(matchId: string, revision: bigint, deadline: number, writer = HERE): MatchRecord {
    this.deadlines.set(matchId, { revision, deadline });
    return record(matchId, revision, deadline, writer);
  }
}

const TAKEOVER_MS = 1500;

async function started(records: (engine: FakeEngine) => MatchRecord[] = () => []) {
  const matches = new FakeMatches();
  const engine = new FakeEngine(matches);
  matches.records.push(...records(engine));
  const timer = new TurnTimer(matches as unknown as LiveMatches, engine as unknown as CommandBus, new Clock(), { takeoverMs: TAKEOVER_MS } as ServerSettings);
  await timer.onApplicationBootstrap();
  return { matches, engine, timer };
}

beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
afterEach(() => jest.useRealTimers());

describe('the turn timer', () => {
  it('given a timer that fires a millisecond early by the engine\'s clock, when the engine refuses it, then it arms again and still ends the turn', async () => {
    const { matches, engine, timer } = await started();
    engine.behindMs = 1;
    matches.changes.next(engine.turn('m1', 7n, Date.now() + 10_000));

    await jest.advanceTimersByTimeAsync(10_000);
    expect(engine.refused).toContain('m1@7');
    expect(engine.applied).toEqual([]);
    expect(timer.armed).toBe(1);

    await jest.advanceTimersByTimeAsync(10);
    expect(engine.applied).toEqual(['m1@7']);
    expect(timer.armed).toBe(0);
    timer.onApplicationShutdown();
  });

  it('given a move before the deadline, then the old turn\'s timer never fires and the new turn\'s does', async () => {
    const { matches, engine, timer } = await started();
    const deadline = Date.now() + 10_000;
    matches.changes.next(engine.turn('m1', 4n, deadline));
    await jest.advanceTimersByTimeAsync(5_000);
    matches.changes.next(engine.turn('m1', 5n, Date.now() + 10_000));

    await jest.advanceTimersByTimeAsync(6_000);
    expect(engine.applied).toEqual([]);
    await jest.advanceTimersByTimeAsync(4_000);
    expect(engine.applied).toEqual(['m1@5']);
    timer.onApplicationShutdown();
  });

  it('given the store fails when the deadline passes, then the timeout is logged and retried until it applies', async () => {
    const { matches, engine, timer } = await started();
    engine.failuresLeft = 3;
    matches.changes.next(engine.turn('m2', 2n, Date.now() + 1_000));

    await jest.advanceTimersByTimeAsync(1_000);
    expect(engine.applied).toEqual([]);
    await jest.advanceTimersByTimeAsync(200 + 400 + 800);
    expect(engine.applied).toEqual(['m2@2']);
    expect(timer.armed).toBe(0);
    timer.onApplicationShutdown();
  });

  it('given a turn already overdue at start-up, then it times out at once', async () => {
    const { engine, timer } = await started((e) => [e.turn('old', 9n, Date.now() - 60_000)]);
    await jest.advanceTimersByTimeAsync(0);
    expect(engine.applied).toEqual(['old@9']);
    timer.onApplicationShutdown();
  });

  it('given a change the timer cannot read, then the error stays in the timer and later turns still time out', async () => {
    const { matches, engine, timer } = await started();
    matches.changes.next({ table: null } as unknown as MatchRecord);
    matches.changes.next(engine.turn('m3', 1n, Date.now() + 100));
    await jest.advanceTimersByTimeAsync(100);
    expect(engine.applied).toEqual(['m3@1']);
    timer.onApplicationShutdown();
  });

  it('given an answer that retrying cannot change, then the timer lets the turn go', async () => {
    const { matches, timer } = await started();
    const refusing = { execute: jest.fn(async () => Promise.reject(new Refusal('SHUTTING_DOWN', 'bye'))) };
    Object.assign(timer, { commandBus: refusing });
    matches.changes.next(record('m4', 1n, Date.now() + 100));
    await jest.advanceTimersByTimeAsync(5_000);
    expect(refusing.execute).toHaveBeenCalledTimes(1);
    expect(timer.armed).toBe(0);
    timer.onApplicationShutdown();
  });

  it('given a turn whose command another replica wrote, then this replica fires it only TAKEOVER_MS after the deadline (if that replica has not), and its own turns at the deadline', async () => {
    const { matches, engine, timer } = await started();
    matches.changes.next(engine.turn('theirs', 4n, Date.now() + 10_000, THERE));
    matches.changes.next(engine.turn('mine', 4n, Date.now() + 10_000));

    await jest.advanceTimersByTimeAsync(10_000 + TAKEOVER_MS - 1);
    expect(engine.applied).toEqual(['mine@4']);
    await jest.advanceTimersByTimeAsync(1);
    expect(engine.applied).toEqual(['mine@4', 'theirs@4']);
    expect(timer.armed).toBe(0);
  });

  it("given turns already past their deadline when they are heard, then this replica's own fires at once and another's only TAKEOVER_MS later, the sweeps meanwhile sending nothing", async () => {
    const { matches, engine, timer } = await started();
    const execute = jest.spyOn(engine, 'execute');
    const deadline = Date.now();
    matches.changes.next(engine.turn('theirs', 4n, deadline, THERE));
    matches.changes.next(engine.turn('mine', 4n, deadline));

    await jest.advanceTimersByTimeAsync(0);
    expect(engine.applied).toEqual(['mine@4']);
    await jest.advanceTimersByTimeAsync(TAKEOVER_MS - 1);
    expect(execute).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(engine.applied).toEqual(['mine@4', 'theirs@4']);
    expect(execute).toHaveBeenCalledTimes(2);
    timer.onApplicationShutdown();
  });
});
