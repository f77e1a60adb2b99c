import { parseCollusionArgs } from './collusion.command';

describe('simulate collusion: its flags', () => {
  it('defaults to the measured set-up: 60 players, 500 matches, 10 seeds', () => {
    expect(parseCollusionArgs([])).toEqual({ players: 60, matches: 500, seeds: 10, firstSeed: 1, together: 0.15, threshold: 8 });
  });

  it('reads every flag', () => {
    const args = ['--players', '80', '--matches', '300', '--seeds', '2', '--first-seed', '7', '--together', '0', '--threshold', '6.5'];
    expect(parseCollusionArgs(args)).toEqual({ players: 80, matches: 300, seeds: 2, firstSeed: 7, together: 0, threshold: 6.5 });
  });

  it.each`
    args                     | error
    ${['--players', '3']}    | ${/--players 3: not understood/}
    ${['--together', '1.5']} | ${/--together 1.5: not understood/}
    ${['--matches']}         | ${/--matches : not understood/}
    ${['--fast', '1']}       | ${/--fast: not a flag/}
  `('names what is wrong in $args', ({ args, error }) => {
    expect(parseCollusionArgs(args)).toMatch(error);
  });
});
