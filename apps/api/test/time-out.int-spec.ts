import { CommandBus } from '@nestjs/cqrs';
import { Clock } from '@liars-dice/server-platform';
import { TimeOutCommand } from '@liars-dice/server-matches';
import { commandId, TestPlayer, type TestView } from './support/player';
import { BID, CREATE, JOIN, START } from './support/queries';
import { startTestApi } from './support/test-api';

jest.setTimeout(60_000);

describe('the TimeOut command', () => {
  it('given a timer armed at an older revision or before the deadline, when it fires, then nothing is appended', async () => {
    const server = await startTestApi();
    try {
      const url = { graphql: server.api.graphqlUrl, ws: server.api.wsUrl };
      const [alice, bob] = [await TestPlayer.register(url, 'alice'), await TestPlayer.register(url, 'bob')];
      const created = await alice.send<{ createMatch: TestView }>(CREATE, {
        input: { commandId: commandId(), ruleset: 'PERUDO', options: { turnSeconds: 60 }, seats: [{ kind: 'HUMAN' }, { kind: 'HUMAN' }] },
      });
      const matchId = (created.data as { createMatch: TestView }).createMatch.id;
      await bob.send(JOIN, { input: { matchId, commandId: commandId() } });
      const started = ((await alice.send<{ startMatch: TestView }>(START, { input: { matchId, commandId: commandId() } })).data as { startMatch: TestView }).startMatch;
      const opener = started.toAct === started.me ? alice : bob;
      const afterBid = ((await opener.send<{ placeBid: TestView }>(BID, { input: { matchId, commandId: commandId(), quantity: 1, face: 4 } })).data as { placeBid: TestView }).placeBid;
      const commandBus = server.api.app.get(CommandBus);

      const stale = await commandBus.execute(new TimeOutCommand(matchId, BigInt(started.revision)));
      expect(stale.revision.toString()).toBe(afterBid.revision);
      await expect(commandBus.execute(new TimeOutCommand(matchId, BigInt(afterBid.revision)))).rejects.toMatchObject({ code: 'TURN_NOT_EXPIRED' });
      const now = await alice.view(matchId);
      expect(now.revision).toBe(afterBid.revision);
      expect(now.round?.bids).toHaveLength(1);
    } finally {
      await server.stop();
    }
  });

  it('given a timer that fires when the engine\'s clock still reads a millisecond before the deadline, then the engine refuses it, the timer arms again and the turn still times out', async () => {
    /** Wall time shifted forward on demand; `early` answers one scripted reading (the engine's) from the deadline. */
    class EarlyClock extends Clock {
      offset = 0;
      readings: (number | null)[] = [];
      override now(): number {
        const scripted = this.readings.shift();
        return scripted ?? Date.now() + this.offset;
      }
    }
    const clock = new EarlyClock();
    const server = await startTestApi({}, { clock });
    try {
      const url = { graphql: server.api.graphqlUrl, ws: server.api.wsUrl };
      const [alice, bob] = [await TestPlayer.register(url, 'early-a'), await TestPlayer.register(url, 'early-b')];
      const created = await alice.send<{ createMatch: TestView }>(CREATE, {
        input: { commandId: commandId(), ruleset: 'PERUDO', options: { turnSeconds: 10 }, seats: [{ kind: 'HUMAN' }, { kind: 'HUMAN' }] },
      });
      const matchId = (created.data as { createMatch: TestView }).createMatch.id;
      await bob.send(JOIN, { input: { matchId, commandId: commandId() } });
      const started = ((await alice.send<{ startMatch: TestView }>(START, { input: { matchId, commandId: commandId() } })).data as { startMatch: TestView }).startMatch;
      const deadline = started.turnDeadline as number;
      // The timer's own reading says the deadline has passed; the engine's reading (the next one) is 1 ms early.
      clock.offset = deadline - Date.now() + 1;
      clock.readings = [null, deadline - 1];
      let view = await alice.view(matchId);
      for (let i = 0; i < 60 && !view.history.some((r) => r.end?.call === 'timeout'); i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        view = await alice.view(matchId);
      }
      expect(clock.readings).toEqual([]);
      expect(view.history.filter((r) => r.end?.call === 'timeout')).toHaveLength(1);
      // The early firing did happen: the engine refused one TimeOut before it accepted the next.
      const metrics = await (await fetch(`${server.api.url}/metrics`)).text();
      expect(metrics).toMatch(/liars_dice_commands_total\{command="TimeOutCommand",outcome="RuleViolation"\} 1/);
    } finally {
      await server.stop();
    }
  });
});
