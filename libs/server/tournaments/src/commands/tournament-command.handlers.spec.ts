import type { RankedEligibility } from '@liars-dice/server-matches';
import type { UntimedTournamentCommand } from '@liars-dice/game-tournament';
import type { TournamentCatalog } from '../tournament-catalog';
import type { TournamentCommandRunner } from '../tournament-command-runner';
import { CheckInHandler, RegisterForTournamentHandler } from './tournament-command.handlers';
import { CheckInCommand, RegisterForTournamentCommand } from './tournament.commands';

const standing = { rankedBanUntil: 9_000, collusionMark: 's-7' } as const;
const target = { tournamentId: 't1', commandId: 'c1', actor: { kind: 'account', id: 'ann', name: 'ann' } } as const;
const by = { id: 'ann', role: 'player' };
const register = (kind: 'human' | 'cpu') => ({ type: 'RegisterPlayer', data: { player: 'ann', name: 'ann', kind, by, lot: 1 } }) as unknown as UntimedTournamentCommand;
const checkIn = { type: 'CheckIn', data: { player: 'ann', by } } as unknown as UntimedTournamentCommand;

/** A runner recording what it ran, moderation answering one standing, and a catalog knowing the tournament's ranked-ness. */
function given(ranked: boolean | undefined) {
  const run = jest.fn().mockResolvedValue({ revision: 0n });
  const rankedStanding = jest.fn().mockResolvedValue(standing);
  const catalog = { get: () => (ranked === undefined ? undefined : { state: { config: { ranked } } }) } as unknown as TournamentCatalog;
  return { runner: { run } as unknown as TournamentCommandRunner, catalog, eligibility: { rankedStanding } as RankedEligibility, run, rankedStanding };
}

describe('Tournament registration and check-in: moderation asked once, its answer added to the command', () => {
  it.each([
    ['a ranked tournament', true],
    ['a tournament this process has not heard of yet', undefined],
  ])('given %s, when a human registers and checks in, then each asks moderation once and carries both facts', async (_, ranked) => {
    const { runner, catalog, eligibility, run, rankedStanding } = given(ranked);

    await new RegisterForTournamentHandler(runner, catalog, eligibility).execute(new RegisterForTournamentCommand(target, register('human')));
    await new CheckInHandler(runner, catalog, eligibility).execute(new CheckInCommand(target, checkIn));

    expect(rankedStanding.mock.calls).toEqual([['ann'], ['ann']]);
    expect(run.mock.calls.map(([, command]) => command.data)).toEqual([expect.objectContaining(standing), expect.objectContaining(standing)]);
  });

  it('given an unranked tournament or a CPU player, when registered, then moderation is not asked and no facts are added', async () => {
    const unranked = given(false);
    const ranked = given(true);

    await new RegisterForTournamentHandler(unranked.runner, unranked.catalog, unranked.eligibility).execute(new RegisterForTournamentCommand(target, register('human')));
    await new RegisterForTournamentHandler(ranked.runner, ranked.catalog, ranked.eligibility).execute(new RegisterForTournamentCommand(target, register('cpu')));

    expect([unranked.rankedStanding, ranked.rankedStanding].map((asked) => asked.mock.calls.length)).toEqual([0, 0]);
    expect([unranked.run, ranked.run].map((run) => run.mock.calls[0][1].data)).toEqual([register('human').data, register('cpu').data]);
  });
});
