import { speedCheck } from './speed-check';

describe('the machine speed check', () => {
  it('given a call, then the seven rounds its child process ran come back, each a positive rate', async () => {
    const { rounds } = await speedCheck();
    expect(rounds).toHaveLength(7);
    for (const rate of rounds) expect(rate).toBeGreaterThan(0);
  }, 60_000);
});
