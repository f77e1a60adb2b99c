import { randomUUID } from 'node:crypto';
import { InMemoryEventStore } from '@liars-dice/event-store-memory';
import { accountStream } from './accounts';
import { CLAIM_GRACE_MS, NAME_CLAIM_PREFIX } from './name-claims';
import { accountsOn } from './testing/accounts';

const closing: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closing.splice(0).map((close) => close()));
});

async function started(store = new InMemoryEventStore(), overrides = {}) {
  const made = accountsOn(store, overrides);
  closing.push(made.close);
  await made.following;
  return { store, accounts: made.accounts };
}

describe('an account name that reads as another account’s (ADR 0070)', () => {
  it.each`
    taken     | name      | then
    ${'root'} | ${'r00t'} | ${'name: r00t reads as the player root; choose a name that does not look like another\'s'}
    ${'root'} | ${'ROOT'} | ${'name: ROOT is taken'}
    ${'lann'} | ${'Iann'} | ${'name: Iann reads as the player lann; choose a name that does not look like another\'s'}
    ${'mike'} | ${'rnike'} | ${'name: rnike reads as the player mike; choose a name that does not look like another\'s'}
  `('given $taken registered, when $name registers, then NAME_TAKEN: $then', async ({ taken, name, then }) => {
    const { accounts } = await started();
    await accounts.register(taken, 'password-1');
    await expect(accounts.register(name, 'password-1')).rejects.toMatchObject({ code: 'NAME_TAKEN', field: 'name', message: then });
  });

  it('given ann registered, then a CPU seat named Аnn (Cyrillic А) or ꓮＮＮ reads as her; one named Anna does not', async () => {
    const { accounts } = await started();
    await accounts.register('ann', 'password-1');
    expect(await accounts.registeredName('Аnn')).toBe('ann');
    expect(await accounts.registeredName('ꓮＮＮ')).toBe('ann');
    expect(await accounts.registeredName('Anna')).toBeNull();
  });

  it('given accounts registered before name claims, when a process starts on the store, then they claim their names: look-alikes are refused', async () => {
    const store = new InMemoryEventStore();
    const data = { accountId: 'old-1', name: 'root', role: 'admin', passwordHash: 'plain$password-1' };
    await store.appendToStream(accountStream('root'), [{ id: randomUUID(), type: 'AccountRegistered', data }]);
    const { accounts } = await started(store);
    await expect(accounts.register('r00t', 'password-1')).rejects.toMatchObject({ code: 'NAME_TAKEN' });
    expect(await accounts.registeredName('ꓣOOT')).toBe('root');
  });

  it('given a claim whose registration died before its account was written, then the name is CONFLICT for a minute, and free after', async () => {
    const store = new InMemoryEventStore();
    let now = Date.now();
    const { accounts } = await started(store);
    await store.appendToStream(`${NAME_CLAIM_PREFIX}root`, [{ id: randomUUID(), type: 'NameClaimed', data: { name: 'root', accountId: 'never-written' } }]);
    await expect(accounts.register('root', 'password-1')).rejects.toMatchObject({ code: 'CONFLICT', field: 'name' });
    now += CLAIM_GRACE_MS + 1;
    jest.spyOn(Date, 'now').mockImplementation(() => now);
    try {
      expect(await accounts.register('root', 'password-1')).toMatchObject({ name: 'root', role: 'player' });
    } finally {
      jest.restoreAllMocks();
    }
  });
});

describe('signing in, wrong passwords and names no account has (ADR 0070)', () => {
  it('given an unknown name and a wrong password for a known one, then both are told the same, and both back off alike', async () => {
    const { accounts } = await started();
    await accounts.register('ann', 'password-1');
    const answers = await Promise.all(['ann', 'nobody'].map((name) => accounts.signIn(name, 'wrong-password').catch((error: unknown) => error)));
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]).toMatchObject({ code: 'UNAUTHENTICATED', message: 'wrong name or password' });
    for (const name of ['ann', 'nobody']) {
      for (let i = 0; i < 5; i++) await accounts.signIn(name, 'wrong-password').catch(() => undefined);
    }
    const refused = await Promise.all(['ann', 'nobody'].map((name) => accounts.signIn(name, 'password-1').catch((error: unknown) => error)));
    expect(refused[0]).toMatchObject({ code: 'TOO_MANY_ATTEMPTS', field: 'name', details: { retryAfterSeconds: 1 } });
    expect(refused[1]).toEqual(refused[0]);
  });

  it('given a run of wrong passwords, when the right one comes after the wait, then it signs in and the run is forgotten', async () => {
    const { accounts } = await started(undefined, { accounts: { signInFreeFailures: 1, signInBackoffMaxSeconds: 1, registrationsPerHour: 0 } });
    await accounts.register('ann', 'password-1');
    for (let i = 0; i < 2; i++) await accounts.signIn('ann', 'wrong-password').catch(() => undefined);
    await expect(accounts.signIn('ann', 'password-1')).rejects.toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await accounts.signIn('ann', 'password-1')).toMatchObject({ name: 'ann' });
    await expect(accounts.signIn('ann', 'wrong-password')).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});
