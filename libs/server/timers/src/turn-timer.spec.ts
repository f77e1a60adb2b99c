import { RuleViolation } from '@liars-dice/game-rules';
import { Clock, type Dispatcher, Refusal, type ServerSettings } from '@liars-dice/server-platform';
import type { MatchCatalog, TimeOutCommand } from '@liars-dice/server-matches';
import type { MatchRecord } from '@liars-dice/game-match';
import { FakeCatalog } from './testing/fake-catalog';
import { TurnTimer } from './turn-timer';

/** The part of a record the timer reads: which revision, whether a turn runs, and its recorded deadline. */
function record(matchId: string, revision: bigint, turnDeadline: number | null): MatchRecord {
  return { table: { matchId }, revision, game: { status: turnDeadline === null ? 'awaiting-roll' : 'bidding', turnDeadline } } as unknown as MatchRecord;
}

/**
 * The engine's side of a TimeOut, as the TimeOut handler decides it: refused before the recorded deadline by
 * the engine's own clock, a no-op once the turn moved on, else applied (the catalog then hears the new turn).
 */
class FakeEngine {
  readonly applied: string[] = [];
  readonly refused: string[] = [];
  /** How far behind the timer's clock the engine measures time (Node timers may fire that early). */
  behindMs = 0;
  failuresLeft = 0;
  readonly deadlines = new Map<string, { revision: bigint; deadline: number }>();

  constructor(private readonly catalog: FakeCatalog) {}

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
    this.catalog.changes.next(record(command.matchId, turn.revision + 3n, null));
    return { repeated: false };
  };

  turn(matchId: string, revision: bigint, deadline: number): MatchRecord {
    this.deadlines.set(matchId, { revision, deadline });
    return record(matchId, revision, deadline);
  }
}

const TAKEOVER_MS = 1500;

async function started(records: (engine: FakeEngine) => MatchRecord[] = () => []) {
  const catalog = new FakeCatalog();
  const engine = new FakeEngine(catalog);
  catalog.records.push(...records(engine));
  const timer = new TurnTimer(catalog as unknown as MatchCatalog, engine as unknown as Dispatcher, new Clock(), { takeoverMs: TAKEOVER_MS } as ServerSettings);
  await timer.onApplicationBootstrap();
  return { catalog, engine, timer };
}

beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
afterEach(() => jest.useRealTimers());

describe('the turn timer', () => {
  it('given a timer that fires a millisecond early by the engine\'s clock, when the engine refuses it, then it arms again and still ends the turn', async () => {
    const { catalog, engine, timer } = await started();
    engine.behindMs = 1;
    catalog.changes.next(engine.turn('m1', 7n, Date.now() + 10_000));

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
    const { catalog, engine, timer } = await started();
    const deadline = Date.now() + 10_000;
    catalog.changes.next(engine.turn('m1', 4n, deadline));
    await jest.advanceTimersByTimeAsync(5_000);
    catalog.changes.next(engine.turn('m1', 5n, Date.now() + 10_000));

    await jest.advanceTimersByTimeAsync(6_000);
    expect(engine.applied).toEqual([]);
    await jest.advanceTimersByTimeAsync(4_000);
    expect(engine.applied).toEqual(['m1@5']);
    timer.onApplicationShutdown();
  });

  it('given the store fails when the deadline passes, then the timeout is logged and retried until it applies', async () => {
    const { catalog, engine, timer } = await started();
    engine.failuresLeft = 3;
    catalog.changes.next(engine.turn('m2', 2n, Date.now() + 1_000));

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
    const { catalog, engine, timer } = await started();
    catalog.changes.next({ table: null } as unknown as MatchRecord);
    catalog.changes.next(engine.turn('m3', 1n, Date.now() + 100));
    await jest.advanceTimersByTimeAsync(100);
    expect(engine.applied).toEqual(['m3@1']);
    timer.onApplicationShutdown();
  });

  it('given an answer that retrying cannot change, then the timer lets the turn go', async () => {
    const { catalog, timer } = await started();
    const refusing = { execute: jest.fn(async () => Promise.reject(new Refusal('SHUTTING_DOWN', 'bye'))) };
    Object.assign(timer, { dispatcher: refusing });
    catalog.changes.next(record('m4', 1n, Date.now() + 100));
    await jest.advanceTimersByTimeAsync(5_000);
    expect(refusing.execute).toHaveBeenCalledTimes(1);
    expect(timer.armed).toBe(0);
    timer.onApplicationShutdown();
  });

  it('given a turn whose command another replica wrote, then this replica fires it only TAKEOVER_MS after the deadline (if that replica has not), and its own turns at the deadline', async () => {
    const { catalog, engine, timer } = await started();
    catalog.elsewhere.add('theirs');
    catalog.changes.next(engine.turn('theirs', 4n, Date.now() + 10_000));
    catalog.changes.next(engine.turn('mine', 4n, Date.now() + 10_000));

    await jest.advanceTimersByTimeAsync(10_000 + TAKEOVER_MS - 1);
    expect(engine.applied).toEqual(['mine@4']);
    await jest.advanceTimersByTimeAsync(1);
    expect(engine.applied).toEqual(['mine@4', 'theirs@4']);
    expect(timer.armed).toBe(0);
  });

  it('given the log delivered the command starting a turn before its writer (this replica) had processed the acknowledgement, then it still fires at the deadline', async () => {
    const { catalog, engine, timer } = await started();
    catalog.elsewhere.add('mine');
    catalog.changes.next(engine.turn('mine', 4n, Date.now() + 10_000));
    catalog.elsewhere.delete('mine');

    await jest.advanceTimersByTimeAsync(10_000);
    expect(engine.applied).toEqual(['mine@4']);
    timer.onApplicationShutdown();
  });

  it('given a turn already past its deadline when the log delivers its command, with this replica\'s append of it still unacknowledged, then it fires once the acknowledgement is processed, not TAKEOVER_MS later', async () => {
    const { catalog, engine, timer } = await started();
    const storeAnswers = catalog.appendSent('mine');
    catalog.changes.next(engine.turn('mine', 4n, Date.now()));

    await jest.advanceTimersByTimeAsync(5);
    expect(engine.applied).toEqual([]);
    storeAnswers(true);
    await jest.advanceTimersByTimeAsync(0);
    expect(engine.applied).toEqual(['mine@4']);
    expect(timer.armed).toBe(0);
    timer.onApplicationShutdown();
  });

  it('given this replica\'s append in flight is refused (another replica wrote the command), then the sweeps meanwhile send nothing and it fires once, TAKEOVER_MS after the deadline', async () => {
    const { catalog, engine, timer } = await started();
    const execute = jest.spyOn(engine, 'execute');
    const deadline = Date.now();
    const storeAnswers = catalog.appendSent('theirs');
    catalog.changes.next(engine.turn('theirs', 4n, deadline));

    await jest.advanceTimersByTimeAsync(1_200);
    expect(execute).not.toHaveBeenCalled();
    storeAnswers(false);
    await jest.advanceTimersByTimeAsync(deadline + TAKEOVER_MS - 1 - Date.now());
    expect(execute).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(engine.applied).toEqual(['theirs@4']);
    expect(execute).toHaveBeenCalledTimes(1);
    timer.onApplicationShutdown();
  });
});
