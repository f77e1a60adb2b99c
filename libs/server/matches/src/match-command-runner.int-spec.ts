import { InMemoryEventStore } from '@liars-dice/event-store-memory';
import { Clock, Refusal, type ServerSettings } from '@liars-dice/server-platform';
import { isRuleViolation } from '@liars-dice/game-rules';
import type { AccountRef } from '@liars-dice/game-match';
import { CreateMatchHandler } from './commands/match-command.handlers';
import { CallLiarCommand, type CommandTarget, JoinMatchCommand, type MatchCommand, PlaceBidCommand, StartMatchCommand } from './commands/match.commands';
import { MatchCatalog } from './match-catalog';
import { type CommandOutcome, MatchCommandRunner } from './match-command-runner';
import { MatchRepository } from './match-repository';
import { SeedVault } from './seed-vault';

const SETTINGS = { seedKey: 'ab'.repeat(32), commandRetries: 8 } as ServerSettings;
const alice: AccountRef = { id: 'a-alice', name: 'alice' };
const bob: AccountRef = { id: 'a-bob', name: 'bob' };
const account = (ref: AccountRef) => ({ kind: 'account', ...ref }) as const;

/** One API replica's write side on a shared store: its own caches (repository, catalog), the shared key. */
class Replica {
  readonly repository: MatchRepository;
  readonly runner: MatchCommandRunner;
  private readonly creator: CreateMatchHandler;

  constructor(store: InMemoryEventStore) {
    this.repository = new MatchRepository(store, new MatchCatalog(store));
    const vault = new SeedVault(SETTINGS);
    this.runner = new MatchCommandRunner(this.repository, vault, new Clock(), SETTINGS);
    this.creator = new CreateMatchHandler(this.runner, vault);
  }

  create(commandId: string, second: 'human' | 'cpu' = 'human'): Promise<CommandOutcome> {
    const plan = { ruleset: 'perudo', options: {}, seats: [{ kind: 'human' }, { kind: second }], ranked: false, kind: 'regular' } as const;
    return this.creator.execute({ host: alice, commandId, plan } as never);
  }

  send(command: MatchCommand): Promise<CommandOutcome> {
    return this.runner.run(command.target, command.asked());
  }
}

async function refusalOf(outcome: Promise<unknown>): Promise<string | null> {
  try {
    await outcome;
    return null;
  } catch (error) {
    if (error instanceof Refusal || isRuleViolation(error)) return error.code;
    throw error;
  }
}

/** A started two-player match both replicas have folded at its first revision (their caches then go stale). */
async function startedOnBoth(): Promise<{ a: Replica; b: Replica; matchId: string; onTurn: AccountRef; other: AccountRef; revision: bigint }> {
  const store = new InMemoryEventStore();
  const [a, b] = [new Replica(store), new Replica(store)];
  const { matchId } = await a.create('open-1');
  await b.repository.load(matchId);
  await a.send(new JoinMatchCommand(bob, 'join-1', matchId, null));
  const started = await a.send(new StartMatchCommand(alice, 'start-1', matchId));
  await b.repository.load(matchId);
  const toAct = started.record?.game.status === 'bidding' ? started.record.game.toAct : null;
  const onTurn = started.record?.table.seats.find((s) => s.seat === toAct)?.holder?.id === alice.id ? alice : bob;
  return { a, b, matchId, onTurn, other: onTurn === alice ? bob : alice, revision: started.revision };
}

describe('the command runner on replicas sharing one store', () => {
  it('given a replica whose copy of the match is older than the store, when a command valid now reaches it, then it is accepted, not refused on the old copy', async () => {
    const { a, b, matchId, onTurn, other } = await startedOnBoth();
    await a.send(new PlaceBidCommand({ matchId, commandId: 'bid-1', actor: account(onTurn) }, 1, 3));
    // B's copy still says `onTurn` must act; the store says it is `other`'s turn.
    const called = b.send(new CallLiarCommand({ matchId, commandId: 'liar-1', actor: account(other) }));
    expect(await refusalOf(called)).toBeNull();
  });

  it('given a refusal that the store confirms, then it stands (decided again on the latest events)', async () => {
    const { a, b, matchId, onTurn } = await startedOnBoth();
    await a.send(new PlaceBidCommand({ matchId, commandId: 'bid-1', actor: account(onTurn) }, 1, 3));
    expect(await refusalOf(b.send(new PlaceBidCommand({ matchId, commandId: 'bid-2', actor: account(onTurn) }, 2, 3)))).toBe('NOT_YOUR_TURN');
  });

  it('given a command acknowledged by one replica, when it is retried through the other (whose copy says it is not that player\'s turn), then the first result comes back and nothing is appended', async () => {
    const { a, b, matchId, onTurn, other } = await startedOnBoth();
    await a.send(new PlaceBidCommand({ matchId, commandId: 'bid-1', actor: account(onTurn) }, 1, 3));
    const reply = () => new PlaceBidCommand({ matchId, commandId: 'bid-2', actor: account(other) }, 2, 3);
    const first = await a.send(reply());
    const retried = await b.send(reply());
    expect(retried).toMatchObject({ revision: first.revision, repeated: true });
    expect((await b.repository.load(matchId)).revision).toBe(first.revision);
  });

  it('given two replicas playing the same CPU seat\'s move at once, then one appends it and the other is fenced by the expected revision', async () => {
    const store = new InMemoryEventStore();
    const [a, b] = [new Replica(store), new Replica(store)];
    const { matchId } = await a.create('open-cpu', 'cpu');
    let waiting = await a.send(new StartMatchCommand(alice, 'start-cpu', matchId));
    if (waiting.record?.game.status === 'bidding' && waiting.record.game.toAct === 's1') {
      waiting = await a.send(new PlaceBidCommand({ matchId, commandId: 'alice-opens', actor: account(alice) }, 1, 3));
    }
    const revision = waiting.revision;
    await b.repository.load(matchId);
    const machine = (): CommandTarget => ({ matchId, commandId: `cpu:${revision}`, actor: { kind: 'cpu', seat: 's2' }, seenRevision: revision });
    const outcomes = await Promise.all([a, b].map((replica) => replica.send(new PlaceBidCommand(machine(), 5, 6))));
    expect(outcomes.map((o) => o.fenced ?? 'appended').sort()).toEqual(['appended', 'expected-revision']);
    expect(outcomes.map((o) => o.revision)).toEqual([outcomes[0]?.revision, outcomes[0]?.revision]);
    // A third copy finds the move in the stream before deciding; one chosen at a revision long gone does nothing.
    expect((await a.send(new PlaceBidCommand(machine(), 5, 6))).fenced).toBe('already-done');
    expect((await b.send(new PlaceBidCommand({ ...machine(), commandId: 'cpu:old', seenRevision: revision - 1n }, 5, 6))).fenced).toBe('moved-on');
  });
});
