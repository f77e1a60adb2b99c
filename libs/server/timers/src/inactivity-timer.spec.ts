import { type CommandBus } from '@nestjs/cqrs';
import { Clock, Refusal, type ServerSettings } from '@liars-dice/server-platform';
import { type ExpireInactivityCommand, type LiveMatches, stampCommit } from '@liars-dice/server-matches';
import { awaitedSeat, type MatchRecord } from '@liars-dice/game-match';
import { InactivityTimer } from './inactivity-timer';
import { FakeMatches, HERE, THERE } from './testing/fake-matches';

// The inactivity timer (ADR 0072) over a fake catalog and a fake command runner, on Jest's fake clock.

const SETTINGS = { inactivitySeconds: 600, soloInactivitySeconds: 300 };
const LIMIT_MS = SETTINGS.inactivitySeconds * 1000;
const SOLO_MS = SETTINGS.soloInactivitySeconds * 1000;
const TAKEOVER_MS = 1500;
const START = 1_000_000;

/** Where a fake match stands: in play waiting on a seat, or not in play at all. */
interface Shape {
  /** Each seat: a person (`ann`, `bob`, …) or a CPU. */
  readonly seats?: readonly ('person' | 'cpu')[];
  readonly toAct?: string;
  readonly turnSeconds?: number | null;
  readonly status?: 'lobby' | 'playing' | 'finished';
  /** Another replica wrote its last command. */
  readonly elsewhere?: boolean;
}

const PEOPLE = ['ann', 'bob', 'cid'];

/** The part of a record the inactivity timer reads: table and game as `awaitedSeat` sees them, its commit time and writer. */
function record(matchId: string, revision: bigint, committedAt: number, shape: Shape = {}): MatchRecord {
  const { seats: kinds = ['person', 'person'], toAct = 's1', turnSeconds = null, status = 'playing', elsewhere = false } = shape;
  const seats = kinds.map((kind, i) => {
    const holder = kind === 'person' ? { id: `a-${PEOPLE[i]}`, name: PEOPLE[i] } : null;
    return { seat: `s${i + 1}`, kind: kind === 'person' ? 'human' : 'cpu', holder, previous: null };
  });
  const table = { matchId, status, tournament: null, seats };
  const game = { status: status === 'playing' ? 'bidding' : status, toAct, options: { turnSeconds }, seats: seats.map((s) => ({ id: s.seat, out: false })) };
  const made = { table, game, revision, writer: elsewhere ? THERE : HERE } as unknown as MatchRecord;
  stampCommit(made, committedAt);
  return made;
}

/**
 * The runner's side of an ExpireInactivity, as the decider and the revision fence decide it: a no-op once the match
 * moved on past the revision the timer saw, refused (MATCH_NOT_IDLE) before the limit has passed by the server's own
 * clock, else applied: a CPU plays the seat now (LiveMatches then announces the match on a CPU's turn).
 */
class FakeRunner {
  readonly applied: string[] = [];
  readonly sent: ExpireInactivityCommand[] = [];
  /** How far behind the timer's clock the server measures time. */
  behindMs = 0;
  readonly records = new Map<string, MatchRecord>();

  constructor(private readonly matches: FakeMatches) {}

  execute = async (command: ExpireInactivityCommand): Promise<unknown> => {
    this.sent.push(command);
    const { matchId, seenRevision, idleSince, settings } = command;
    const current = this.records.get(matchId);
    if (current?.revision !== seenRevision) return { fenced: 'moved-on' };
    const awaited = awaitedSeat(current, settings);
    if (!awaited) return {};
    const due = idleSince + awaited.idleSeconds * 1000;
    if (Date.now() - this.behindMs < due) throw new Refusal('MATCH_NOT_IDLE', `absent at ${new Date(due).toISOString()}`);
    this.applied.push(`${matchId}@${seenRevision}`);
    this.matches.changes.next(this.match(matchId, seenRevision + 1n, 0, { seats: ['cpu', 'cpu'] }));
    return {};
  };

  /** A match whose last command was committed `agoMs` before now, leaving it at `revision` as `shape` says. */
  match(matchId: string, revision: bigint, agoMs = 0, shape: Shape = {}): MatchRecord {
    const made = record(matchId, revision, Date.now() - agoMs, shape);
    this.records.set(matchId, made);
    return made;
  }
}

async function started(settings: Partial<ServerSettings> = {}, records: (runner: FakeRunner) => MatchRecord[] = () => []) {
  const matches = new FakeMatches();
  const runner = new FakeRunner(matches);
  matches.records.push(...records(runner));
  const all = { takeoverMs: TAKEOVER_MS, ...SETTINGS, ...settings } as ServerSettings;
  const timer = new InactivityTimer(matches as unknown as LiveMatches, runner as unknown as CommandBus, new Clock(), all);
  await timer.onApplicationBootstrap();
  return { matches, runner, timer };
}

beforeEach(() => jest.useFakeTimers({ now: START }));
afterEach(() => jest.useRealTimers());

describe('the inactivity timer', () => {
  it('given a match of two people waiting on one, then it sends ExpireInactivity MATCH_INACTIVITY_SECONDS after the commit (not a millisecond sooner), with that commit time and the server\'s settings', async () => {
    const { matches, runner, timer } = await started();
    matches.changes.next(runner.match('m1', 3n));

    await jest.advanceTimersByTimeAsync(LIMIT_MS - 1);
    expect(runner.sent).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    expect(runner.applied).toEqual(['m1@3']);
    expect(runner.sent[0]).toMatchObject({ matchId: 'm1', seenRevision: 3n, idleSince: START, settings: SETTINGS, target: { commandId: 'inactive:3', actor: { kind: 'timer' }, seenRevision: 3n } });
    // Then a CPU is to act: nothing is armed any more
    expect(timer.armed).toBe(0);
    timer.onApplicationShutdown();
  });

  it('given a person alone with CPUs, then the shorter MATCH_SOLO_INACTIVITY_SECONDS applies', async () => {
    const { matches, runner, timer } = await started();
    matches.changes.next(runner.match('solo', 5n, 0, { seats: ['person', 'cpu', 'cpu'] }));

    await jest.advanceTimersByTimeAsync(SOLO_MS - 1);
    expect(runner.sent).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    expect(runner.applied).toEqual(['solo@5']);
    expect(runner.sent[0]).toMatchObject({ idleSince: START });
    timer.onApplicationShutdown();
  });

  it('given a move half-way, then the old deadline passes with nothing sent and the person after it is counted from the move', async () => {
    const { matches, runner, timer } = await started();
    matches.changes.next(runner.match('m1', 3n));
    await jest.advanceTimersByTimeAsync(LIMIT_MS / 2);
    matches.changes.next(runner.match('m1', 4n, 0, { toAct: 's2' }));

    await jest.advanceTimersByTimeAsync(LIMIT_MS / 2);
    expect(runner.sent).toEqual([]);
    await jest.advanceTimersByTimeAsync(LIMIT_MS / 2);
    expect(runner.applied).toEqual(['m1@4']);
    expect(runner.sent[0]).toMatchObject({ idleSince: START + LIMIT_MS / 2 });
    timer.onApplicationShutdown();
  });

  it('given a move that lands while the command is on its way, then the command is fenced by the revision it saw and the match is armed again from the move', async () => {
    const { matches, runner, timer } = await started();
    matches.changes.next(runner.match('m1', 3n));
    // The move is in the store; LiveMatches has not heard it yet when the timer fires.
    const moved = runner.match('m1', 4n, 0, { toAct: 's2' });

    await jest.advanceTimersByTimeAsync(LIMIT_MS);
    expect(runner.sent).toHaveLength(1);
    expect(runner.applied).toEqual([]);
    expect(timer.armed).toBe(0);
    matches.changes.next(moved);
    expect(timer.armed).toBe(1);
    timer.onApplicationShutdown();
  });

  it('given a lobby, a match with a turn timer, a CPU to act or a finished match, then nothing is armed, and a match that ends is disarmed', async () => {
    const { matches, runner, timer } = await started();
    matches.changes.next(runner.match('lobby', 1n, 0, { status: 'lobby' }));
    matches.changes.next(runner.match('timed', 4n, 0, { turnSeconds: 30 }));
    matches.changes.next(runner.match('cpu', 4n, 0, { seats: ['person', 'cpu'], toAct: 's2' }));
    matches.changes.next(runner.match('ended', 4n));
    expect(timer.armed).toBe(1);
    matches.changes.next(runner.match('ended', 5n, 0, { status: 'finished' }));
    expect(timer.armed).toBe(0);

    await jest.advanceTimersByTimeAsync(3 * LIMIT_MS);
    expect(runner.sent).toEqual([]);
    timer.onApplicationShutdown();
  });

  it('given a restart after a match waited past its limit, then LiveMatches, rebuilt, arms it from its commit and it is decided right after start-up, once; a fresh one at its time', async () => {
    const { runner, timer } = await started({}, (r) => [r.match('old', 7n, 3 * LIMIT_MS), r.match('fresh', 2n, LIMIT_MS / 2)]);
    await jest.advanceTimersByTimeAsync(0);
    expect(runner.applied).toEqual(['old@7']);
    expect(runner.sent[0]).toMatchObject({ idleSince: START - 3 * LIMIT_MS });

    await jest.advanceTimersByTimeAsync(LIMIT_MS / 2 - 1);
    expect(runner.applied).toEqual(['old@7']);
    await jest.advanceTimersByTimeAsync(1);
    expect(runner.applied).toEqual(['old@7', 'fresh@2']);
    await jest.advanceTimersByTimeAsync(10 * LIMIT_MS);
    expect(runner.sent).toHaveLength(2);
    timer.onApplicationShutdown();
  });

  it('given the server\'s own limits (90 s, 30 s alone), then they decide when and go with the command', async () => {
    const settings = { inactivitySeconds: 90, soloInactivitySeconds: 30 };
    const { matches, runner, timer } = await started(settings);
    matches.changes.next(runner.match('pair', 1n));
    matches.changes.next(runner.match('solo', 1n, 0, { seats: ['person', 'cpu'] }));

    await jest.advanceTimersByTimeAsync(30_000);
    expect(runner.applied).toEqual(['solo@1']);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(runner.applied).toEqual(['solo@1', 'pair@1']);
    expect(runner.sent.at(-1)).toMatchObject({ settings });
    timer.onApplicationShutdown();
  });

  it('given a match whose last command another replica wrote, then this replica sends it only TAKEOVER_MS after its time, and its own on time', async () => {
    const { matches, runner, timer } = await started();
    matches.changes.next(runner.match('theirs', 4n, 0, { elsewhere: true }));
    matches.changes.next(runner.match('mine', 4n));

    await jest.advanceTimersByTimeAsync(LIMIT_MS + TAKEOVER_MS - 1);
    expect(runner.applied).toEqual(['mine@4']);
    await jest.advanceTimersByTimeAsync(1);
    expect(runner.applied).toEqual(['mine@4', 'theirs@4']);
    timer.onApplicationShutdown();
  });

  it('given the server\'s clock a little behind the timer\'s, when the command is refused as early (MATCH_NOT_IDLE), then it arms again and still decides the absence', async () => {
    const { matches, runner, timer } = await started();
    runner.behindMs = 2;
    matches.changes.next(runner.match('m1', 3n));

    await jest.advanceTimersByTimeAsync(LIMIT_MS);
    expect(runner.applied).toEqual([]);
    expect(timer.armed).toBe(1);
    await jest.advanceTimersByTimeAsync(10);
    expect(runner.applied).toEqual(['m1@3']);
    timer.onApplicationShutdown();
  });
});
