import type { MatchPlan } from '@liars-dice/game-match';
import type { MatchCommandRunner } from '../match-command-runner';
import type { RankedEligibility } from '../ranked-eligibility';
import { SeedVault } from '../seed-vault';
import { CreateMatchHandler, JoinMatchHandler } from './match-command.handlers';
import { CreateMatchCommand, JoinMatchCommand } from './match.commands';

const bob = { id: 'a-bob', name: 'bob' };
const banned = { rankedBanUntil: 9_000, collusionMark: 's-7' } as const;
const plan = (ranked: boolean) => ({ ruleset: 'classic', options: {}, seats: [{ kind: 'human' }, { kind: 'human' }], ranked, kind: 'regular' }) as unknown as MatchPlan;

/**
 * A runner that only records what it was asked to run (holding a record of no match, or of `ranked` ones), and
 * moderation answering one standing for every account.
 */
function given(standing = banned, ranked: boolean | null = null) {
  const run = jest.fn().mockResolvedValue({ revision: 0n });
  const rankedStanding = jest.fn().mockResolvedValue(standing);
  const runner = { run, rankedKnown: () => ranked } as unknown as MatchCommandRunner;
  return { runner, eligibility: { rankedStanding } as RankedEligibility, run, rankedStanding };
}

describe('Match command handlers: what moderation says is asked once and handed to the lobby decider', () => {
  it('given a banned and marked account, when it joins a table, then moderation is asked once and the join carries both facts', async () => {
    const { runner, eligibility, run, rankedStanding } = given();

    await new JoinMatchHandler(runner, eligibility).execute(new JoinMatchCommand(bob, 'c1', 'm1', null));

    expect(rankedStanding.mock.calls).toEqual([['a-bob']]);
    expect(run.mock.calls[0][1]).toEqual({ type: 'JoinMatch', data: { account: bob, seat: null, ...banned } });
  });

  it('given a match this replica holds as casual, when an account joins, then moderation is not asked; as ranked, it is', async () => {
    const casual = given(banned, false);
    await new JoinMatchHandler(casual.runner, casual.eligibility).execute(new JoinMatchCommand(bob, 'c1', 'm1', null));
    expect(casual.rankedStanding).not.toHaveBeenCalled();
    expect(casual.run.mock.calls[0][1]).toEqual({ type: 'JoinMatch', data: { account: bob, seat: null } });

    const ranked = given(banned, true);
    await new JoinMatchHandler(ranked.runner, ranked.eligibility).execute(new JoinMatchCommand(bob, 'c1', 'm1', null));
    expect(ranked.rankedStanding.mock.calls).toEqual([['a-bob']]);
    expect(ranked.run.mock.calls[0][1].data).toMatchObject(banned);
  });

  it('given a ranked plan, when a host opens it, then moderation is asked once; given an unranked one, not at all', async () => {
    const { runner, eligibility, run, rankedStanding } = given();
    const handler = new CreateMatchHandler(runner, new SeedVault({ seedKey: 'ab'.repeat(32) } as never), { lobbyIdleMaxSeconds: 86_400 }, eligibility);

    await handler.execute(new CreateMatchCommand(bob, 'c1', plan(true)));
    await handler.execute(new CreateMatchCommand(bob, 'c2', plan(false)));

    expect(rankedStanding).toHaveBeenCalledTimes(1);
    expect(run.mock.calls[0][1].data).toMatchObject(banned);
    expect(run.mock.calls[1][1].data).not.toHaveProperty('rankedBanUntil');
  });

  it('given no moderation in the app, when an account joins, then the join carries no facts (nothing bars it)', async () => {
    const { runner, run } = given();

    await new JoinMatchHandler(runner).execute(new JoinMatchCommand(bob, 'c1', 'm1', 's2'));

    expect(run.mock.calls[0][1]).toEqual({ type: 'JoinMatch', data: { account: bob, seat: 's2' } });
  });
});
