import { Dispatcher } from '@liars-dice/server-platform';
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
      const dispatcher = server.api.app.get(Dispatcher);

      const stale = await dispatcher.execute(new TimeOutCommand(matchId, BigInt(started.revision)));
      expect(stale.revision.toString()).toBe(afterBid.revision);
      await expect(dispatcher.execute(new TimeOutCommand(matchId, BigInt(afterBid.revision)))).rejects.toMatchObject({ code: 'TURN_NOT_EXPIRED' });
      const now = await alice.view(matchId);
      expect(now.revision).toBe(afterBid.revision);
      expect(now.round?.bids).toHaveLength(1);
    } finally {
      await server.stop();
    }
  });
});
