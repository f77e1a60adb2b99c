import { OPENED_LIMIT, SeedVault } from './seed-vault';

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
    expect(() => vault.open([parts[0], parts[1], parts[2], body.toString('base64')].join('.'))).toThrow('Unsupported state or unable to authenticate data');
  });

  it('given another key, then a seed sealed under the first does not open', () => {
    const sealed = new SeedVault(settings).seal('00'.repeat(32));
    expect(() => new SeedVault({ ...settings, seedKey: 'cd'.repeat(32) }).open(sealed)).toThrow('Unsupported state or unable to authenticate data');
  });

  it('given a full cache of opened seeds, when one more opens, then the least recently used goes and a seed in use stays', () => {
    const vault = new SeedVault(settings);
    // Opening a seed the vault does not keep decrypts it (AES-GCM): that is what the cache saves.
    const decrypts = jest.spyOn(vault as unknown as { decrypt(sealed: string): string }, 'decrypt');
    const inPlay = vault.seal(vault.newSeed());
    const idle = vault.seal(vault.newSeed());
    vault.open(inPlay);
    vault.open(idle);
    for (let i = 2; i < OPENED_LIMIT; i++) vault.open(vault.seal(vault.newSeed()));
    vault.open(inPlay); // the match in play rolls again: a use, not a decryption
    expect(decrypts).toHaveBeenCalledTimes(OPENED_LIMIT);

    vault.open(vault.seal(vault.newSeed()));
    vault.open(inPlay);
    expect(decrypts).toHaveBeenCalledTimes(OPENED_LIMIT + 1);
    vault.open(idle);
    expect(decrypts).toHaveBeenCalledTimes(OPENED_LIMIT + 2);
  });
});
