import { InMemoryEventStore } from '@liars-dice/event-store-memory';
import { type MatchPlan, matchStream } from '@liars-dice/game-match';
import { ALICE as alice, BOB as bob, HEADS_UP, onTurn, replicasOfEachTest, until } from '../testing/match-replica';
import { ExpireInactivityCommand, JoinMatchCommand, StartMatchCommand } from './match.commands';

// The inactivity timer's command through the handler and the command loop, on replicas sharing one store (ADR 0072).

/** The server's two limits as the timer sends them: 10 minutes, 5 with only CPUs waiting. */
const SETTINGS = { inactivitySeconds: 600, soloInactivitySeconds: 300 };
const MINUTE = 60_000;
const replicaOn = replicasOfEachTest();

/** A started heads-up match of alice and bob (casual unless `plan` says so), held by two replicas at its start. */
async function startedOnBoth(id: string, plan: MatchPlan = HEADS_UP) {
  const store = new InMemoryEventStore();
  const [a, b] = [await replicaOn(store), await replicaOn(store)];
  const { matchId } = await a.create(alice, id, plan);
  await a.send(new JoinMatchCommand(bob, `${id}-join`, matchId, null));
  const started = await a.send(new StartMatchCommand(alice, `${id}-start`, matchId));
  await until(() => b.matches.get(matchId)?.revision === started.revision);
  const typesAfter = async (revision: bigint) =>
    (await store.readStream(matchStream(matchId))).filter((e) => e.revision > revision).map((e) => e.type);
  return { store, a, b, matchId, revision: started.revision, absent: onTurn(started.record), typesAfter };
}

describe('ExpireInactivity through the command loop', () => {
  it('given a casual match that waited 10 minutes on a person, when both replicas send it at once, then one hands the seat to a CPU and the other is fenced; a third copy finds it done', async () => {
    const { a, b, matchId, revision, absent, typesAfter } = await startedOnBoth('idle-casual');
    const idleSince = Date.now() - 10 * MINUTE;

    const outcomes = await Promise.all([a, b].map((replica) => replica.send(new ExpireInactivityCommand(matchId, revision, idleSince, SETTINGS))));

    expect(outcomes.map((o) => o.fenced ?? 'appended').sort()).toEqual(['appended', 'expected-revision']);
    expect(await typesAfter(revision)).toEqual(['PlayerAbsent', 'SeatHandedToCpu']);
    const record = await a.matches.load(matchId);
    const seat = record.table.seats.find((s) => s.previous?.id === absent.id);
    expect(seat).toMatchObject({ holder: null, previous: absent });
    // The audit's actor and command id: the timer, fenced by the revision it saw
    expect(record.commands.get(`inactive:${revision}`)).toBeDefined();
    expect((await b.send(new ExpireInactivityCommand(matchId, revision, idleSince, SETTINGS))).fenced).toBe('already-done');
  });

  it('given a ranked match that waited long enough on a player, then they forfeit and the other wins', async () => {
    const { a, matchId, revision, absent, typesAfter } = await startedOnBoth('idle-ranked', { ...HEADS_UP, ranked: true });

    await a.send(new ExpireInactivityCommand(matchId, revision, Date.now() - 10 * MINUTE, SETTINGS));

    expect((await typesAfter(revision)).slice(0, 2)).toEqual(['PlayerAbsent', 'PlayerForfeited']);
    const { table, game } = await a.matches.load(matchId);
    const other = table.seats.find((s) => s.holder !== null && s.holder.id !== absent.id);
    expect(game).toMatchObject({ status: 'finished', winner: other?.seat });
  });

  it('given a command sent a moment before the limit by the server\'s clock, then it is refused with MATCH_NOT_IDLE and nothing is appended', async () => {
    const { a, matchId, revision, typesAfter } = await startedOnBoth('idle-early');
    const idleSince = Date.now() - 10 * MINUTE + 5_000;

    await expect(a.send(new ExpireInactivityCommand(matchId, revision, idleSince, SETTINGS))).rejects.toMatchObject({ code: 'MATCH_NOT_IDLE' });
    expect(await typesAfter(revision)).toEqual([]);
  });

  it('given a command armed at a revision the match has moved past, then it is a no-op (moved-on)', async () => {
    const { a, matchId, revision, typesAfter } = await startedOnBoth('idle-stale');

    const outcome = await a.send(new ExpireInactivityCommand(matchId, revision - 1n, Date.now() - 60 * MINUTE, SETTINGS));

    expect(outcome).toMatchObject({ fenced: 'moved-on', revision });
    expect(await typesAfter(revision)).toEqual([]);
  });
});
