import { SIMULATIONS, simulateCommand } from './simulate.command';

describe('npm run simulate -- <simulation>', () => {
  it('offers the tournament and collusion simulations', () => {
    expect(Object.keys(SIMULATIONS).sort()).toEqual(['collusion', 'tournament']);
  });

  it.each`
    args         | error
    ${[]}        | ${/missing simulation/}
    ${['poker']} | ${/unknown simulation: poker/}
  `('refuses $args, naming what is wrong and listing the simulations', async ({ args, error }) => {
    const written: string[] = [];
    const spy = jest.spyOn(process.stderr, 'write').mockImplementation((chunk) => written.push(String(chunk)) > 0);
    try {
      expect(await simulateCommand.run(args)).toBe(2);
    } finally {
      spy.mockRestore();
    }
    expect(written.join('')).toMatch(error);
    expect(written.join('')).toMatch(/tournament[\s\S]*collusion|collusion[\s\S]*tournament/);
  });
});
