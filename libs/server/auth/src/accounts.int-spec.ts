import { randomUUID } from 'node:crypto';
import type { EventStore } from '@liars-dice/event-store-port';
import { InMemoryEventStore } from '@liars-dice/event-store-memory';
import { Accounts, accountStream } from './accounts';
import { ADMIN_FENCE_STREAM, adminStreams, ROLE_EVENT_TYPES } from './last-admin';
import { Authenticator } from './authenticator';
import { accountsOn, bossOf, PlainHasher, settings } from './testing/accounts';
import { TokenService } from './token-service';

/** Accounts on a real (in-memory) store, following it as the app's module init makes it (stopped by `close`). */
function setup(store: EventStore = new InMemoryEventStore()) {
  const { accounts, following, close } = accountsOn(store);
  const tokens = new TokenService(settings);
  return { store, accounts, tokens, following, authenticator: new Authenticator(tokens, accounts), close };
}

/** Lets the follower hear what was appended (the in-memory store wakes subscriptions on its next turns). */
async function settle(): Promise<void> {
  for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
}

const instances: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(instances.splice(0).map((close) => close()));
});

function instance(store?: EventStore) {
  const made = setup(store);
  instances.push(made.close);
  return made;
}

describe('accounts and the role a token acts with (ADR 0007)', () => {
  it('given a role granted and then taken away, then the token the account already holds follows at once on this instance', async () => {
    const { accounts, tokens, authenticator } = instance();
    const boss = await bossOf(accounts);
    const mod = await accounts.register('mod', 'password-1');
    const token = `Bearer ${tokens.issue(mod).token}`;
    await accounts.grantRole(boss, 'mod', 'moderator');
    expect((await authenticator.fromAuthorization(token))?.role).toBe('moderator');
    await accounts.grantRole(boss, 'mod', 'player');
    expect((await authenticator.fromAuthorization(token))?.role).toBe('player');
  });

  it('given another instance granted the role and took it away, then this one follows within its follower lag', async () => {
    const { store, accounts, tokens } = instance();
    const other = instance(store).accounts;
    const boss = await bossOf(accounts);
    const mod = await accounts.register('mod', 'password-1');
    const claims = tokens.verify(tokens.issue(mod).token);
    expect((await accounts.current(claims)).role).toBe('player');
    await other.grantRole(boss, 'mod', 'moderator');
    await settle();
    expect((await accounts.current(claims)).role).toBe('moderator');
    await other.grantRole(boss, 'mod', 'player');
    await settle();
    expect((await accounts.current(claims)).role).toBe('player');
  });

  it('given an account in use, then it is read from its stream once, not again on every request', async () => {
    const { store, accounts, tokens } = instance();
    const ann = await accounts.register('ann', 'password-1');
    const claims = tokens.verify(tokens.issue(ann).token);
    await settle();
    const read = jest.spyOn(store, 'readStream');
    for (let request = 0; request < 10; request++) expect((await accounts.current(claims)).name).toBe('ann');
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('given many requests for an account not read yet, then they share one read of its stream', async () => {
    const { store, accounts, tokens } = instance();
    const ann = await accounts.register('ann', 'password-1');
    const claims = tokens.verify(tokens.issue(ann).token);
    await settle();
    const read = jest.spyOn(store, 'readStream');
    const principals = await Promise.all(Array.from({ length: 5 }, () => accounts.current(claims)));
    expect(principals.map((p) => p.name)).toEqual(['ann', 'ann', 'ann', 'ann', 'ann']);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('given the follower is not live yet, then nothing is kept: every request reads the account', async () => {
    const store = new InMemoryEventStore();
    const accounts = new Accounts(store, settings, new PlainHasher());
    const tokens = new TokenService(settings);
    const ann = await accounts.register('ann', 'password-1');
    const claims = tokens.verify(tokens.issue(ann).token);
    const read = jest.spyOn(store, 'readStream');
    await accounts.current(claims);
    await accounts.current(claims);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('given a token whose account does not exist (or was registered again under that name), then it is UNAUTHENTICATED', async () => {
    const { accounts, tokens } = instance();
    const ghost = tokens.verify(tokens.issue({ id: 'no-such-id', name: 'ghost', role: 'admin' }).token);
    await expect(accounts.current(ghost)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    await accounts.register('ghost', 'password-1');
    await expect(accounts.current(ghost)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('given a grant for a name no account could have, then it is NOT_FOUND without touching the store', async () => {
    const { accounts } = instance();
    const boss = await bossOf(accounts);
    await expect(accounts.grantRole(boss, 'x'.repeat(10_000), 'moderator')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('two admins taking each other’s role at the same instant (fenced: the last admin always remains)', () => {
  /** Every admin now, as the role events tell it (what LAST_ADMIN counts). */
  async function adminsOf(accounts: Accounts, names: readonly string[]): Promise<string[]> {
    const roles = await Promise.all(names.map(async (name) => [name, (await accounts.signIn(name, 'password-1')).role] as const));
    return roles.filter(([, role]) => role === 'admin').map(([name]) => name);
  }

  async function twoAdmins(store?: EventStore) {
    const first = instance(store);
    const second = instance(first.store);
    const boss = await bossOf(first.accounts);
    await first.accounts.register('ann', 'password-1');
    const ann = await first.accounts.grantRole(boss, 'ann', 'admin');
    return { first: first.accounts, second: second.accounts, boss, ann };
  }

  it('given boss and ann the only admins, when each demotes the other at once (two replicas), then exactly one succeeds and one admin remains', async () => {
    const { first, second, boss, ann } = await twoAdmins();
    const outcomes = await Promise.allSettled([first.grantRole(boss, 'ann', 'player'), second.grantRole(ann, 'boss', 'player')]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected')?.reason;
    expect(refused).toMatchObject({ code: 'FORBIDDEN', message: 'only an admin grants roles: your admin role was just taken away' });
    expect(await adminsOf(first, ['boss', 'ann'])).toHaveLength(1);
  });

  it('given boss and ann the only admins, when each steps down at once, then one does and the other is LAST_ADMIN', async () => {
    const { first, second, boss, ann } = await twoAdmins();
    const outcomes = await Promise.allSettled([first.grantRole(boss, 'boss', 'player'), second.grantRole(ann, 'ann', 'moderator')]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected')?.reason).toMatchObject({ code: 'LAST_ADMIN' });
    expect(await adminsOf(first, ['boss', 'ann'])).toHaveLength(1);
  });

  it('given three admins, when two demotions race, then both succeed (the fence retries, it does not refuse for nothing)', async () => {
    const { first, second, boss } = await twoAdmins();
    await first.register('cyd', 'password-1');
    const cyd = await first.grantRole(boss, 'cyd', 'admin');
    const outcomes = await Promise.allSettled([first.grantRole(boss, 'ann', 'player'), second.grantRole(cyd, 'cyd', 'player')]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(await adminsOf(first, ['boss', 'ann', 'cyd'])).toEqual(['boss']);
  });
});

describe('a process that dies between an admin removal’s fence and the account’s own grant (ADR 0037)', () => {
  /** A store on which this process dies (its appends fail) once a removal is fenced, before the account's grant. */
  function diesAfterTheFence(store: EventStore): EventStore {
    let fenced = false;
    const append: EventStore['appendToStream'] = async (stream, events, options) => {
      if (fenced) throw new Error('the process died');
      const result = await store.appendToStream(stream, events, options);
      fenced = stream === ADMIN_FENCE_STREAM;
      return result;
    };
    return new Proxy(store, { get: (target, key) => (key === 'appendToStream' ? append : Reflect.get(target, key)) });
  }

  /** What the role events count (LAST_ADMIN's view) against what the accounts say (every token's role). */
  async function admins(store: EventStore, accounts: Accounts, names: readonly string[]) {
    const counted = adminStreams(await store.readAll({ filter: { eventTypes: [...ROLE_EVENT_TYPES] } }));
    const roles = await Promise.all(names.map(async (name) => [name, (await accounts.signIn(name, 'password-1')).role] as const));
    return { counted: names.filter((name) => counted.has(accountStream(name))), accounts: roles.filter(([, role]) => role === 'admin').map(([name]) => name) };
  }

  async function bossDemotingAnnDies() {
    const store = new InMemoryEventStore();
    const before = instance(store).accounts;
    const boss = await bossOf(before);
    await before.register('ann', 'password-1');
    await before.grantRole(boss, 'ann', 'admin');
    const dying = instance(diesAfterTheFence(store)).accounts;
    await expect(dying.grantRole(boss, 'ann', 'player')).rejects.toThrow('the process died');
    return { store, boss };
  }

  it('given boss’s demotion of ann cut short after the fence, when a process starts on the store, then it writes ann’s grant: she is a player for the fence and for her tokens alike', async () => {
    // Given the fence counting ann out while her account still says admin
    const { store } = await bossDemotingAnnDies();
    // When a process starts (the supervisor's restart)
    const restarted = instance(store);
    await restarted.following;
    // Then the removal is finished as boss decided it, once
    expect(await admins(store, restarted.accounts, ['boss', 'ann'])).toEqual({ counted: ['boss'], accounts: ['boss'] });
    const grants = (await store.readStream(accountStream('ann'))).filter((e) => e.type === 'RoleGranted').map((e) => e.data);
    expect(grants.at(-1)).toMatchObject({ role: 'player' });
    await instance(store).following;
    expect((await store.readStream(accountStream('ann'))).filter((e) => e.type === 'RoleGranted')).toHaveLength(grants.length);
  });

  it('given the cut-short removal and a grant written after it (ann made admin again), then the later grant stands', async () => {
    const { store, boss } = await bossDemotingAnnDies();
    // An admin gives ann the role again before any process finished the removal: her account is written after the fence
    await store.appendToStream(accountStream('ann'), [{ id: randomUUID(), type: 'RoleGranted', data: { role: 'admin', by: boss.id } }]);
    const restarted = instance(store);
    await restarted.following;
    expect(await admins(store, restarted.accounts, ['boss', 'ann'])).toEqual({ counted: ['boss', 'ann'], accounts: ['boss', 'ann'] });
  });

  it('given the cut-short removal and a replica that kept running, when it decides another removal, then it finishes the cut-short one first', async () => {
    const store = new InMemoryEventStore();
    const running = instance(store).accounts;
    const boss = await bossOf(running);
    for (const name of ['ann', 'cyd']) await running.register(name, 'password-1');
    for (const name of ['ann', 'cyd']) await running.grantRole(boss, name, 'admin');
    await expect(instance(diesAfterTheFence(store)).accounts.grantRole(boss, 'ann', 'player')).rejects.toThrow('the process died');
    await running.grantRole(boss, 'cyd', 'moderator');
    expect(await admins(store, running, ['boss', 'ann', 'cyd'])).toEqual({ counted: ['boss'], accounts: ['boss'] });
  });
});
