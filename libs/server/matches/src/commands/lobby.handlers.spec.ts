import {
  CommandLog,
  type MatchPlan,
  type MatchRecord,
  type TableCommand,
  type Untimed,
} from '@liars-dice/game-match';
import { Refusal } from '@liars-dice/server-platform';
import type { RankedEligibility } from '../ranked-eligibility';
import { SeedVault } from '../seed-vault';
import type { MatchCommandContext } from './handle-match-command';
import { CreateMatchHandler, JoinMatchHandler } from './lobby.handlers';
import { CreateMatchCommand, JoinMatchCommand } from './match.commands';

const bob = { id: 'a-bob', name: 'bob' };
const banned = { rankedBanUntil: 9_000, collusionMark: 's-7' } as const;
const plan = (ranked: boolean) =>
  ({
    ruleset: 'classic',
    options: {},
    seats: [{ kind: 'human' }, { kind: 'human' }],
    ranked,
    kind: 'regular',
  }) as unknown as MatchPlan;
/** A lobby the context holds (any will do: the decider below only records what it is asked). */
const lobby = {
  table: { matchId: 'm1' },
  revision: 0n,
  commands: CommandLog.empty,
} as unknown as MatchRecord;

/**
 * The loop's context over a decider that only records what it is asked (and refuses, so nothing is appended),
 * holding a record of no match's plan, or of `ranked` ones; and moderation answering one standing for everyone.
 */
function given(standing = banned, ranked: boolean | null = null) {
  const asked: Untimed<TableCommand>[] = [];
  const context = {
    retries: 0,
    matches: {
      replica: 'r1',
      rankedKnown: () => ranked,
      current: async () => lobby,
      read: async () => lobby,
    },
    decider: {
      decide: (_record: MatchRecord | null, command: Untimed<TableCommand>) => {
        asked.push(command);
        throw new Refusal('CONFLICT', 'recorded');
      },
    },
  } as unknown as MatchCommandContext;
  const rankedStanding = jest.fn().mockResolvedValue(standing);
  return { context, eligibility: { rankedStanding } as RankedEligibility, asked, rankedStanding };
}

describe('Match command handlers: what moderation says is asked once and handed to the lobby decider', () => {
  it('given a banned and marked account, when it joins a table, then moderation is asked once and the join carries both facts', async () => {
    const { context, eligibility, asked, rankedStanding } = given();

    await expect(
      new JoinMatchHandler(context, eligibility).execute(new JoinMatchCommand(bob, 'c1', 'm1', null)),
    ).rejects.toThrow('recorded');

    expect(rankedStanding.mock.calls).toEqual([['a-bob']]);
    expect(asked).toEqual([{ type: 'JoinMatch', data: { account: bob, seat: null, ...banned } }]);
  });

  it('given a match this replica holds as casual, when an account joins, then moderation is not asked; as ranked, it is', async () => {
    const casual = given(banned, false);
    await expect(
      new JoinMatchHandler(casual.context, casual.eligibility).execute(
        new JoinMatchCommand(bob, 'c1', 'm1', null),
      ),
    ).rejects.toThrow('recorded');
    expect(casual.rankedStanding).not.toHaveBeenCalled();
    expect(casual.asked).toEqual([{ type: 'JoinMatch', data: { account: bob, seat: null } }]);

    const ranked = given(banned, true);
    await expect(
      new JoinMatchHandler(ranked.context, ranked.eligibility).execute(
        new JoinMatchCommand(bob, 'c1', 'm1', null),
      ),
    ).rejects.toThrow('recorded');
    expect(ranked.rankedStanding.mock.calls).toEqual([['a-bob']]);
    expect(ranked.asked[0]?.data).toMatchObject(banned);
  });

  it('given a ranked plan, when a host opens it, then moderation is asked once; given an unranked one, not at all', async () => {
    const { context, eligibility, asked, rankedStanding } = given();
    const handler = new CreateMatchHandler(
      context,
      new SeedVault({ seedKey: 'ab'.repeat(32) } as never),
      { lobbyIdleMaxSeconds: 86_400 },
      eligibility,
    );

    await expect(handler.execute(new CreateMatchCommand(bob, 'c1', plan(true)))).rejects.toThrow('recorded');
    await expect(handler.execute(new CreateMatchCommand(bob, 'c2', plan(false)))).rejects.toThrow('recorded');

    expect(rankedStanding).toHaveBeenCalledTimes(1);
    expect(asked[0]?.data).toMatchObject(banned);
    expect(asked[1]?.data).not.toHaveProperty('rankedBanUntil');
  });

  it('given no moderation in the app, when an account joins, then the join carries no facts (nothing bars it)', async () => {
    const { context, asked } = given();

    await expect(
      new JoinMatchHandler(context).execute(new JoinMatchCommand(bob, 'c1', 'm1', 's2')),
    ).rejects.toThrow('recorded');

    expect(asked).toEqual([{ type: 'JoinMatch', data: { account: bob, seat: 's2' } }]);
  });
});
