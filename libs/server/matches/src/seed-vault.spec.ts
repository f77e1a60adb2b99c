import { SeedVault } from './seed-vault';

const settings = { seedKey: 'ab'.repeat(32) } as ConstructorParameters<typeof SeedVault>[0];

describe('SeedVault', () => {
  it('given a sealed seed opened twice, then both openings give the seed that was sealed', () => {
    const vault = new SeedVault(settings);
    const seed = vault.newSeed();
    const sealed = vault.seal(seed);
    expect(vault.open(sealed)).toBe(seed);
    expect(vault.open(sealed)).toBe(seed);
  });

  it('given a tampered sealed seed, then opening it throws, also after a good one was opened', () => {
    const vault = new SeedVault(settings);
    const sealed = vault.seal(vault.newSeed());
    vault.open(sealed);
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3] as string, 'base64');
    body[0] = (body[0] as number) ^ 1;
    expect(() => vault.open([parts[0], parts[1], parts[2], body.toString('base64')].join('.'))).toThrow();
  });

  it('given another key, then a seed sealed under the first does not open', () => {
    const sealed = new SeedVault(settings).seal('00'.repeat(32));
    expect(() => new SeedVault({ ...settings, seedKey: 'cd'.repeat(32) }).open(sealed)).toThrow();
  });
});
