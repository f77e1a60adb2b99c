import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Logger } from '@nestjs/common';
import { InMemoryEventStore } from '@liars-dice/event-store-memory';
import { ADMIN_SETUP_FILE, AdminSetup, issueSetupToken } from './admin-setup';
import { accountsOn, bossOf, settings } from './testing/accounts';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  jest.restoreAllMocks();
});

/** A server's accounts and admin setup on a fresh store and data directory; `printed` collects its warnings. */
async function server(adminSetupToken: string | null = null) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'admin-setup-'));
  const store = new InMemoryEventStore();
  const { accounts, following, close } = accountsOn(store);
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }), close);
  await following;
  const printed: string[] = [];
  jest.spyOn(Logger.prototype, 'warn').mockImplementation((message: unknown) => void printed.push(String(message)));
  const setup = new AdminSetup(store, { ...settings, dataDir, adminSetupToken }, accounts);
  return { dataDir, accounts, setup, printed };
}

const tokenIn = (printed: readonly string[]) => /: (\S+)$/.exec(printed.join('\n'))?.[1] ?? '';

describe('the first admin, from the operator’s setup token (ADR 0070)', () => {
  it('given a first start with no admin, then a token is printed and kept hashed; whoever claims it is admin, once', async () => {
    const { dataDir, accounts, setup, printed } = await server();
    await setup.onApplicationBootstrap();
    const token = tokenIn(printed);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(readFileSync(path.join(dataDir, ADMIN_SETUP_FILE), 'utf8')).not.toContain(token);
    const [ann, bob] = [await accounts.register('ann', 'password-1'), await accounts.register('bob', 'password-1')];
    expect(await setup.claim(ann, token)).toMatchObject({ name: 'ann', role: 'admin' });
    expect((await accounts.signIn('ann', 'password-1')).role).toBe('admin');
    await expect(setup.claim(bob, token)).rejects.toMatchObject({ code: 'FORBIDDEN', field: 'token', message: 'token: not an admin setup token of this server, or one already used' });
  });

  it('given ROOT registered first on a server meant for root, then ROOT is a player: no name makes an admin', async () => {
    const { accounts, setup } = await server();
    await setup.onApplicationBootstrap();
    expect((await accounts.register('ROOT', 'password-1')).role).toBe('player');
  });

  it('given a wrong token, then FORBIDDEN naming the token, and the right one still works', async () => {
    const { accounts, setup, printed } = await server();
    await setup.onApplicationBootstrap();
    const ann = await accounts.register('ann', 'password-1');
    await expect(setup.claim(ann, 'x'.repeat(43))).rejects.toMatchObject({ code: 'FORBIDDEN', field: 'token' });
    expect((await setup.claim(ann, tokenIn(printed))).role).toBe('admin');
  });

  it('given a token issued again (npm run admin -- setup-token), then the new one works and the old one does not', async () => {
    const { dataDir, accounts, setup, printed } = await server();
    await setup.onApplicationBootstrap();
    const fresh = issueSetupToken(dataDir);
    const ann = await accounts.register('ann', 'password-1');
    await expect(setup.claim(ann, tokenIn(printed))).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await setup.claim(ann, fresh)).role).toBe('admin');
  });

  it('given ADMIN_SETUP_TOKEN, then nothing is printed and that token works, once', async () => {
    const chosen = 'operator-chosen-token-0123456789';
    const { accounts, setup, printed } = await server(chosen);
    await setup.onApplicationBootstrap();
    expect(printed).toEqual([]);
    const ann = await accounts.register('ann', 'password-1');
    expect((await setup.claim(ann, chosen)).role).toBe('admin');
    await expect(setup.claim(await accounts.register('bob', 'password-1'), chosen)).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('given an admin already (an upgraded server), then no token is issued, now or at later starts', async () => {
    const { dataDir, accounts, setup, printed } = await server();
    await bossOf(accounts);
    await setup.onApplicationBootstrap();
    await setup.onApplicationBootstrap();
    expect(printed).toEqual([]);
    expect(JSON.parse(readFileSync(path.join(dataDir, ADMIN_SETUP_FILE), 'utf8'))).toMatchObject({ settled: 'an admin existed' });
  });
});
