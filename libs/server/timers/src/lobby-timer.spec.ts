import { type CommandBus } from '@nestjs/cqrs';
import { Clock, Refusal, type ServerSettings } from '@liars-dice/server-platform';
import { type ExpireLobbyCommand, type LiveMatches, stampCommit } from '@liars-dice/server-matches';
import { lobbyIdleSecondsOf, type MatchRecord } from '@liars-dice/game-match';
import { LobbyTimer } from './lobby-timer';
import { FakeMatches, HERE, THERE } from './testing/fake-matches';

const IDLE_SECONDS = 600;
const IDLE_MS = IDLE_SECONDS * 1000;
/** The test server's LOBBY_IDLE_MAX_SECONDS unless a test says otherwise: the default is also the ceiling. */
const SETTINGS = { lobbyIdleSeconds: IDLE_SECONDS, lobbyIdleMaxSeconds: IDLE_SECONDS };
const TAKEOVER_MS = 1500;

type Status = 'lobby' | 'closed' | 'playing';

/**
 * The part of a record the lobby timer reads: the match, its revision, its status and table (with the host's idle
 * time, if chosen), its commit time, and who wrote it (`elsewhere`: another replica).
 */
function record(matchId: string, revision: bigint, committedAt: number, status: Status = 'lobby', tournament: object | null = null, lobbyIdleSeconds?: number, elsewhere = false): MatchRecord {
  const table = { matchId, status, tournament, ...(lobbyIdleSeconds === undefined ? {} : { lobbyIdleSeconds }) };
  const made = { table, revision, writer: elsewhere ? THERE : HERE, game: { status: status === 'playing' ? 'bidding' : 'lobby' } } as unknown as MatchRecord;
  stampCommit(made, committedAt);
  return made;
}

/**
 * The runner's side of an ExpireLobby, as the decider and the revision fence decide it: a no-op once the lobby
 * moved on past the revision the timer saw, refused (LOBBY_NOT_IDLE) before the idle time has passed by the
 * server's own clock, else applied (LiveMatches then announces the closed lobby).
 */
class FakeRunner {
  readonly applied: string[] = [];
  readonly sent: ExpireLobbyCommand[] = [];
  /** How far behind the timer's clock the server measures time. */
  behindMs = 0;
  readonly revisions = new Map<string, bigint>();
  /** Each lobby's table as the store has it: the decider reads the host's idle time there. */
  readonly tables = new Map<string, MatchRecord['table']>();
  /** The lobbies whose last command another replica wrote. */
  readonly elsewhere = new Set<string>();

  constructor(private readonly matches: FakeMatches) {}

  execute = async (command: ExpireLobbyCommand): Promise<unknown> => {
    this.sent.push(command);
    const { matchId, seenRevision, idleSince, settings } = command;
    if (this.revisions.get(matchId) !== seenRevision) return { fenced: 'moved-on' };
    const idleSeconds = lobbyIdleSecondsOf(this.tables.get(matchId) as Parameters<typeof lobbyIdleSecondsOf>[0], settings);
    if (idleSeconds === null) throw new Refusal('BAD_USER_INPUT', 'this lobby never expires');
    const due = idleSince + idleSeconds * 1000;
    if (Date.now() - this.behindMs < due) throw new Refusal('LOBBY_NOT_IDLE', `the lobby expires at ${new Date(due).toISOString()}`);
    this.applied.push(`${matchId}@${seenRevision}`);
    this.revisions.set(matchId, seenRevision + 1n);
    this.matches.changes.next(record(matchId, seenRevision + 1n, Date.now(), 'closed'));
    return {};
  };

  /** A lobby's command committed `agoMs` before now, leaving it at `revision`; `lobbyIdleSeconds`: its host's choice. */
  lobby(matchId: string, revision: bigint, agoMs = 0, status: Status = 'lobby', tournament: object | null = null, lobbyIdleSeconds?: number): MatchRecord {
    this.revisions.set(matchId, revision);
    const made = record(matchId, revision, Date.now() - agoMs, status, tournament, lobbyIdleSeconds, this.elsewhere.has(matchId));
    this.tables.set(matchId, made.table);
    return made;
  }

  /** A casual lobby whose host chose `lobbyIdleSeconds`, its last command committed `agoMs` before now. */
  chosen(matchId: string, revision: bigint, lobbyIdleSeconds: number, agoMs = 0): MatchRecord {
    return this.lobby(matchId, revision, agoMs, 'lobby', null, lobbyIdleSeconds);
  }
}

async function started(settings: Partial<ServerSettings> = {}, records: (runner: FakeRunner) => MatchRecord[] = () => []) {
  const matches = new FakeMatches();
  const runner = new FakeRunner(matches);
  matches.records.push(...records(runner));
  const timer = new LobbyTimer(matches as unknown as LiveMatches, runner as unknown as CommandBus, new Clock(), { takeoverMs: TAKEOVER_MS, ...SETTINGS, ...settings } as ServerSettings);
  await timer.onApplicationBootstrap();
  return { matches, runner, timer };
}

beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
afterEach(() => jest.useRealTimers());

describe('the lobby timer', () => {
  it('given a lobby whose last command was just committed, then it expires LOBBY_IDLE_SECONDS later (not a millisecond sooner), sending that commit time and the server\'s setting', async () => {
    const { matches, runner, timer } = await started();
    matches.changes.next(runner.lobby('m1', 3n));

    await jest.advanceTimersByTimeAsync(IDLE_MS - 1);
    expect(runner.sent).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    expect(runner.applied).toEqual(['m1@3']);
    expect(runner.sent[0]).toMatchObject({ matchId: 'm1', seenRevision: 3n, idleSince: 1_000_000, settings: SETTINGS, target: { commandId: 'expire:3', actor: { kind: 'timer' } } });
    expect(timer.armed).toBe(0);
    timer.onApplicationShutdown();
  });

  it('given someone joins half-way, then the old deadline passes with nothing sent and the lobby expires LOBBY_IDLE_SECONDS after the join', async () => {
    const { matches, runner, timer } = await started();
    matches.changes.next(runner.lobby('m1', 3n));
    await jest.advanceTimersByTimeAsync(IDLE_MS / 2);
    matches.changes.next(runner.lobby('m1', 4n));

    await jest.advanceTimersByTimeAsync(IDLE_MS / 2);
    expect(runner.sent).toEqual([]);
    await jest.advanceTimersByTimeAsync(IDLE_MS / 2);
    expect(runner.applied).toEqual(['m1@4']);
    timer.onApplicationShutdown();
  });

  it('given a join that lands while the expiry is on its way, then the expiry is fenced by the revision it saw and the lobby stays open', async () => {
    const { matches, runner, timer } = await started();
    matches.changes.next(runner.lobby('m1', 3n));
    // The join is in the store; LiveMatches has not heard it yet when the timer fires.
    runner.revisions.set('m1', 4n);

    await jest.advanceTimersByTimeAsync(IDLE_MS);
    expect(runner.sent).toHaveLength(1);
    expect(runner.applied).toEqual([]);
    expect(timer.armed).toBe(0);
    // When LiveMatches hears the join, the lobby is armed again from its commit.
    matches.changes.next(record('m1', 4n, Date.now()));
    expect(timer.armed).toBe(1);
    timer.onApplicationShutdown();
  });

  it('given a lobby that starts, is closed, or is a tournament table, then no expiry is armed (or it is disarmed)', async () => {
    const { matches, runner, timer } = await started();
    matches.changes.next(runner.lobby('started', 1n));
    matches.changes.next(runner.lobby('started', 2n, 0, 'playing'));
    matches.changes.next(runner.lobby('closed', 1n, 0, 'closed'));
    matches.changes.next(runner.lobby('tournament', 1n, 0, 'lobby', { tournamentId: 't1', round: 1, table: 1 }));
    expect(timer.armed).toBe(0);

    await jest.advanceTimersByTimeAsync(2 * IDLE_MS);
    expect(runner.sent).toEqual([]);
    timer.onApplicationShutdown();
  });

  it('given LOBBY_IDLE_SECONDS of 30 days (past setTimeout\'s 24.8-day limit), then nothing is sent early and the lobby expires at its time', async () => {
    // Node fires a timer longer than 2^31 - 1 ms after 1 ms: in one step, the expiry would go out, be refused as
    // early and be armed again once a millisecond for as long as the lobby stayed open.
    const days30 = 2_592_000;
    const { matches, runner, timer } = await started({ lobbyIdleSeconds: days30, lobbyIdleMaxSeconds: days30 });
    matches.changes.next(runner.lobby('m1', 3n));

    await jest.advanceTimersByTimeAsync(60_000);
    expect(runner.sent).toEqual([]);
    // The clock jumps to the deadline (stepping 30 days of 1 s sweeps is too slow): the next sweep fires it.
    jest.setSystemTime(1_000_000 + days30 * 1000);
    await jest.advanceTimersByTimeAsync(1000);
    expect(runner.applied).toEqual(['m1@3']);
    timer.onApplicationShutdown();
  });

  it('given LOBBY_IDLE_SECONDS=0, then no lobby expires but one whose host chose an idle time', async () => {
    const { matches, runner, timer } = await started({ lobbyIdleSeconds: 0 }, (r) => [r.lobby('old', 5n, 10 * IDLE_MS)]);
    matches.changes.next(runner.lobby('m1', 1n));
    matches.changes.next(runner.chosen('chosen', 1n, 90));
    expect(timer.armed).toBe(1);
    await jest.advanceTimersByTimeAsync(100 * IDLE_MS);
    expect(runner.applied).toEqual(['chosen@1']);
    expect(runner.sent).toHaveLength(1);
    expect(timer.armed).toBe(0);
    timer.onApplicationShutdown();
  });

  it('given a 10-minute default under a day\'s ceiling (ADR 0061), then a lobby whose host chose 2 hours expires after them, not after the default, and the command carries both settings', async () => {
    const settings = { lobbyIdleSeconds: IDLE_SECONDS, lobbyIdleMaxSeconds: 86_400 };
    const { matches, runner, timer } = await started(settings);
    matches.changes.next(runner.chosen('long', 3n, 7200));
    matches.changes.next(runner.lobby('usual', 3n));

    await jest.advanceTimersByTimeAsync(IDLE_MS);
    expect(runner.applied).toEqual(['usual@3']);
    await jest.advanceTimersByTimeAsync(7_200_000 - IDLE_MS - 1);
    expect(runner.applied).toEqual(['usual@3']);
    await jest.advanceTimersByTimeAsync(1);
    expect(runner.applied).toEqual(['usual@3', 'long@3']);
    expect(runner.sent.at(-1)).toMatchObject({ matchId: 'long', idleSince: 1_000_000, settings });
    timer.onApplicationShutdown();
  });

  it('given lobbies whose hosts chose 2 minutes and 2 hours under a 10-minute ceiling, then one expires 2 minutes after its commit (not sooner), the other after the ceiling\'s 10', async () => {
    const { matches, runner, timer } = await started();
    matches.changes.next(runner.chosen('short', 3n, 120));
    matches.changes.next(runner.chosen('long', 3n, 7200));

    await jest.advanceTimersByTimeAsync(120_000 - 1);
    expect(runner.sent).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    expect(runner.applied).toEqual(['short@3']);
    // The command says since when; the decider works out the same 2 minutes from the table and the setting.
    expect(runner.sent[0]).toMatchObject({ matchId: 'short', idleSince: 1_000_000, settings: SETTINGS });
    await jest.advanceTimersByTimeAsync(IDLE_MS - 120_000 - 1);
    expect(runner.applied).toEqual(['short@3']);
    await jest.advanceTimersByTimeAsync(1);
    expect(runner.applied).toEqual(['short@3', 'long@3']);
    timer.onApplicationShutdown();
  });

  it('given a restart after a 2-minute lobby sat idle 5 minutes (on a 10-minute server), then it expires right after start-up, from its commit', async () => {
    const { runner, timer } = await started({}, (r) => [r.chosen('short', 7n, 120, 300_000), r.lobby('default', 2n, 300_000)]);
    await jest.advanceTimersByTimeAsync(0);
    expect(runner.applied).toEqual(['short@7']);
    expect(runner.sent[0]).toMatchObject({ idleSince: 1_000_000 - 300_000 });
    timer.onApplicationShutdown();
  });

  it('given a restart after a lobby sat idle past its time, then LiveMatches, rebuilt, arms it and it expires right after start-up, once', async () => {
    const { runner, timer } = await started({}, (r) => [r.lobby('old', 7n, 3 * IDLE_MS), r.lobby('fresh', 2n, IDLE_MS / 2)]);
    await jest.advanceTimersByTimeAsync(0);
    expect(runner.applied).toEqual(['old@7']);
    expect(runner.sent[0]).toMatchObject({ idleSince: 1_000_000 - 3 * IDLE_MS });

    await jest.advanceTimersByTimeAsync(10 * IDLE_MS);
    expect(runner.applied).toEqual(['old@7', 'fresh@2']);
    expect(runner.sent).toHaveLength(2);
    timer.onApplicationShutdown();
  });

  it('given a lobby whose last command another replica wrote, then this replica expires it only TAKEOVER_MS after its time (if that replica has not), and its own lobbies on time', async () => {
    const { matches, runner, timer } = await started();
    runner.elsewhere.add('theirs');
    matches.changes.next(runner.lobby('theirs', 4n));
    matches.changes.next(runner.lobby('mine', 4n));

    await jest.advanceTimersByTimeAsync(IDLE_MS + TAKEOVER_MS - 1);
    expect(runner.applied).toEqual(['mine@4']);
    await jest.advanceTimersByTimeAsync(1);
    expect(runner.applied).toEqual(['mine@4', 'theirs@4']);
    expect(timer.armed).toBe(0);
    timer.onApplicationShutdown();
  });

  it('given the replica that wrote the lobby\'s last command expires it in time, then this replica\'s takeover copy is fenced and nothing is written twice', async () => {
    const { matches, runner, timer } = await started();
    runner.elsewhere.add('theirs');
    matches.changes.next(runner.lobby('theirs', 4n));
    await jest.advanceTimersByTimeAsync(IDLE_MS);
    // The other replica expired it at its deadline: the store is at revision 5, LiveMatches not told yet.
    runner.revisions.set('theirs', 5n);

    await jest.advanceTimersByTimeAsync(TAKEOVER_MS);
    expect(runner.sent).toHaveLength(1);
    expect(runner.applied).toEqual([]);
    timer.onApplicationShutdown();
  });

  it('given the server\'s clock a little behind the timer\'s, when the expiry is refused as early (LOBBY_NOT_IDLE), then it arms again and still expires the lobby', async () => {
    const { matches, runner, timer } = await started();
    runner.behindMs = 2;
    matches.changes.next(runner.lobby('m1', 3n));

    await jest.advanceTimersByTimeAsync(IDLE_MS);
    expect(runner.applied).toEqual([]);
    expect(timer.armed).toBe(1);
    await jest.advanceTimersByTimeAsync(10);
    expect(runner.applied).toEqual(['m1@3']);
    timer.onApplicationShutdown();
  });
});
