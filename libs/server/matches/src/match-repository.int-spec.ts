import { InMemoryEventStore } from '@liars-dice/event-store-memory';
import { Clock, type ServerSettings } from '@liars-dice/server-platform';
import type { AccountRef } from '@liars-dice/game-match';
import { CreateMatchHandler } from './commands/match-command.handlers';
import { JoinMatchCommand } from './commands/match.commands';
import { MatchCatalog } from './match-catalog';
import { type CommandOutcome, MatchCommandRunner } from './match-command-runner';
import { MatchRepository } from './match-repository';
import { SeedVault } from './seed-vault';

const SETTINGS = { seedKey: 'ab'.repeat(32), commandRetries: 8 } as ServerSettings;
const alice: AccountRef = { id: 'a-alice', name: 'alice' };
const bob: AccountRef = { id: 'a-bob', name: 'bob' };
const plan = { ruleset: 'classic', options: { startingDice: 3 }, seats: [{ kind: 'human' }, { kind: 'human' }], ranked: false, kind: 'regular' } as const;

/** One replica's repository and command runner over the shared store (its catalog is not started: not needed here). */
function replica(store: InMemoryEventStore) {
  const repository = new MatchRepository(store, new MatchCatalog(store));
  const vault = new SeedVault(SETTINGS);
  const runner = new MatchCommandRunner(repository, vault, new Clock(), SETTINGS);
  return { repository, runner, creator: new CreateMatchHandler(runner, vault) };
}

describe('MatchRepository.find (the match query\'s read-your-writes)', () => {
  it('given a match this replica has folded, when another replica appends, then find answers the newer match having read only the events past its cached revision', async () => {
    // Given a match opened here, so folded and cached at its revision
    const store = new InMemoryEventStore();
    const here = replica(store);
    const { matchId, revision } = (await here.creator.execute({ host: alice, commandId: 'open', plan } as never)) as CommandOutcome & { matchId: string };
    // When another replica seats bob
    const there = replica(store);
    const join = new JoinMatchCommand(bob, 'join', matchId, null);
    const joined = await there.runner.run(join.target, join.asked());
    // Then this replica's find sees bob, from a read that started past what it had folded
    const reads = jest.spyOn(store, 'readStreamIfExists');
    const found = await here.repository.find(matchId);
    expect(found?.revision).toBe(joined.revision);
    expect(found?.table.seats.some((seat) => seat.holder?.id === bob.id)).toBe(true);
    expect(reads).toHaveBeenCalledTimes(1);
    expect(reads.mock.calls[0]?.[1]).toEqual({ fromRevision: revision + 1n });
    await store.close();
  });

  it('given no such match, then find is null and no StreamNotFoundError is built', async () => {
    const store = new InMemoryEventStore();
    const thrown = jest.spyOn(store, 'readStream');
    expect(await replica(store).repository.find('no-such-match')).toBeNull();
    expect(thrown).not.toHaveBeenCalled();
    await store.close();
  });
});
