import { InMemoryEventStore } from '@liars-dice/event-store-memory';
import { type MatchRecord, seatHeldBy } from '@liars-dice/game-match';
import { legalActions, playerView } from '@liars-dice/game-rules';
import { viewMatch } from './match-views';
import { commitTimeOf } from './commit-times';
import { ALICE as alice, BOB as bob, MatchReplica, playedToTheEnd } from './testing/match-replica';

/** The server's LOBBY_IDLE_SECONDS the views are built with, under the default ceiling of a day. */
const IDLE_SECONDS = 1800;
const LOBBY_IDLE = { lobbyIdleSeconds: IDLE_SECONDS, lobbyIdleMaxSeconds: 86_400 };

/** Every record a heads-up classic match of three dice each passes through, opened, joined and started here. */
async function records(): Promise<MatchRecord[]> {
  const store = new InMemoryEventStore();
  const replica = await MatchReplica.on(store);
  // Two bids, then a call: rounds end (dice lost) until the match is over.
  const outcomes = await playedToTheEnd(replica, 'open', 2);
  await replica.stop();
  return outcomes.map((outcome) => outcome.record as MatchRecord);
}

describe('match views', () => {
  it('given every record of a match, then each view shows each seat as the table and the engine hold it then, whatever views were built before', async () => {
    // Given
    const all = await records();
    expect(all.at(-1)?.game.status).toBe('finished');

    for (const record of all) {
      // When
      const views = [viewMatch(record, alice, LOBBY_IDLE), viewMatch(record, bob, LOBBY_IDLE), viewMatch(record, null, LOBBY_IDLE)];

      // Then
      const engine = 'seats' in record.game ? record.game.seats : [];
      for (const view of views) {
        expect(view.seats.map((s) => [s.seat, s.player, s.dice, s.out])).toEqual(
          record.table.seats.map((s) => {
            const live = engine.find((p) => p.id === s.seat);
            return [s.seat, s.holder?.name ?? null, live?.dice ?? record.table.options.startingDice, live?.out ?? false];
          }),
        );
        expect(view.history.map((round) => round.number)).toEqual(
          'history' in record.game ? [...record.game.history, ...(record.game.round?.end ? [record.game.round] : [])].map((r) => r.number) : [],
        );
      }
    }
  });

  it('given a bid, then the views before and after it share one list of seats (nothing in them changed)', async () => {
    const all = await records();
    const bid = all.findIndex((record, i) => i > 0 && record.game.status === 'bidding' && all[i - 1]?.game.status === 'bidding');

    expect(viewMatch(all[bid] as MatchRecord, alice, LOBBY_IDLE).seats).toBe(viewMatch(all[bid - 1] as MatchRecord, bob, LOBBY_IDLE).seats);
  });

  it('given every record, then each view lists the caller\'s legal moves as the engine does, as values no view can change', async () => {
    for (const record of await records()) {
      for (const looker of [alice, bob, null]) {
        // When
        const view = viewMatch(record, looker, LOBBY_IDLE);

        // Then
        const seat = looker ? (seatHeldBy(record.table, looker.id)?.seat ?? null) : null;
        const engine = seat ? legalActions(record.game, seat) : [];
        expect(view.legalActions).toEqual(engine.map((a) => (a.type === 'bid' ? { type: 'bid', quantity: a.quantity, face: a.face } : { type: a.type, quantity: null, face: null })));
        expect(view.legalActions.every((action) => Object.isFrozen(action))).toBe(true);
      }
    }
  });

  it('given every record, then each view has the fields of the API in order, with the play as the engine shows it to that seat', async () => {
    for (const record of await records()) {
      for (const looker of [alice, bob, null]) {
        // When
        const view = viewMatch(record, looker, LOBBY_IDLE);

        // Then
        expect(Object.keys(view)).toEqual(['id', 'ruleset', 'kind', 'ranked', 'revision', 'committedAt', 'host', 'options', 'seats', 'me', 'closing', 'lobbyExpiresAt', 'lobbyIdleSeconds', 'status', 'myDice', 'round', 'history', 'toAct', 'turnDeadline', 'winner', 'placements', 'legalActions', 'commitment', 'seed']);
        const engine = playerView(record.game, view.me);
        const play = { status: view.status, myDice: view.myDice, round: view.round, toAct: view.toAct, turnDeadline: view.turnDeadline, winner: view.winner, placements: view.placements };
        expect(play).toEqual(engine ? { status: engine.status, myDice: engine.myDice, round: engine.round, toAct: engine.toAct, turnDeadline: engine.turnDeadline, winner: engine.winner, placements: engine.placements } : { status: record.table.status === 'closed' ? 'closed' : 'lobby', myDice: [], round: null, toAct: null, turnDeadline: null, winner: null, placements: null });
      }
    }
  });

  it('given a waiting lobby, then every view of it says when it expires (its commit time, rounded up, plus the idle seconds); once started, or with expiry off, none does', async () => {
    const all = await records();
    const lobby = all.filter((record) => record.table.status === 'lobby');
    expect(lobby).toHaveLength(2);

    for (const record of all) {
      const committed = commitTimeOf(record) as number;
      for (const looker of [alice, bob, null]) {
        const expected = record.table.status === 'lobby' ? Math.ceil(committed) + IDLE_SECONDS * 1000 : null;
        expect(viewMatch(record, looker, LOBBY_IDLE).lobbyExpiresAt).toBe(expected);
        expect(viewMatch(record, looker, LOBBY_IDLE).lobbyIdleSeconds).toBe(expected === null ? null : IDLE_SECONDS);
        expect(viewMatch(record, looker, { ...LOBBY_IDLE, lobbyIdleSeconds: 0 })).toMatchObject({ lobbyExpiresAt: null, lobbyIdleSeconds: null });
      }
    }
  });
});
