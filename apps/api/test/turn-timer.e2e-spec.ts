import { Clock } from '@liars-dice/server-platform';
import { eventually } from './support/eventually';
import { commandId, TestPlayer, type TestView } from './support/player';
import { BID, CREATE, JOIN, START } from './support/queries';
import { startTestApi } from './support/test-api';

jest.setTimeout(60_000);

/** The wall clock, moved forward on demand: turn deadlines pass without the test waiting for them. */
class ShiftedClock extends Clock {
  offset = 0;

  override now(): number {
    return Date.now() + this.offset;
  }
}

const timeouts = (view: TestView) => view.history.filter((round) => round.end?.call === 'timeout').length;

describe('turn timers', () => {
  it('given a turn whose deadline passes, then it times out once, and after a restart an overdue turn times out at start-up', async () => {
    const clock = new ShiftedClock();
    const first = await startTestApi({}, { clock });
    const url = { graphql: first.api.graphqlUrl, ws: first.api.wsUrl };
    const alice = await TestPlayer.register(url, 'alice');
    const bob = await TestPlayer.register(url, 'bob');
    const created = await alice.send<{ createMatch: TestView }>(CREATE, {
      input: { commandId: commandId(), ruleset: 'PERUDO', options: { turnSeconds: 10 }, seats: [{ kind: 'HUMAN' }, { kind: 'HUMAN' }] },
    });
    const matchId = (created.data as { createMatch: TestView }).createMatch.id;
    await bob.send(JOIN, { input: { matchId, commandId: commandId() } });
    const started = ((await alice.send<{ startMatch: TestView }>(START, { input: { matchId, commandId: commandId() } })).data as { startMatch: TestView }).startMatch;
    expect(started.turnDeadline).toBeGreaterThan(clock.now() + 9000);

    // A move before the deadline re-arms the timer for the next player; the old timer must not fire.
    const opener = started.toAct === started.me ? alice : bob;
    await opener.send(BID, { input: { matchId, commandId: commandId(), quantity: 1, face: 3 } });
    clock.offset = 11_000;
    const timedOut = await eventually(() => alice.view(matchId), (view) => timeouts(view) > 0);
    expect(timeouts(timedOut)).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(timeouts(await alice.view(matchId))).toBe(1);

    // Stopped while the next turn runs; back 11 s of simulated time later, that turn is overdue.
    await first.stop(true);
    clock.offset = 22_000 + 1_000;
    const second = await startTestApi({}, { clock, dataDir: first.dataDir });
    try {
      const again = await TestPlayer.register({ graphql: second.api.graphqlUrl, ws: second.api.wsUrl }, 'carol');
      const afterRestart = await eventually(() => again.view(matchId), (view) => timeouts(view) > 1);
      expect(timeouts(afterRestart)).toBe(2);
    } finally {
      await second.stop();
    }
  });
});
