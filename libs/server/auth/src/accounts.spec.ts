import { type EventStore, type EventToAppend, type RecordedEvent, StreamNotFoundError, WrongExpectedRevisionError } from '@liars-dice/event-store-port';
import type { ServerSettings } from '@liars-dice/server-platform';
import { Accounts, ACCOUNT_CACHE_MS } from './accounts';
import { Authenticator } from './authenticator';
import { PasswordHasher } from './password-hasher';
import { TokenService } from './token-service';

const settings = { jwtSecret: 'unit-secret-0123456789-0123456789-0123456789', jwtTtlSeconds: 600, adminName: 'boss' } as ServerSettings;

/** A cheap hasher: these tests are about roles and tokens, not scrypt. */
class PlainHasher extends PasswordHasher {
  override async hash(password: string): Promise<string> {
    return `plain$${password}`;
  }
  override async verify(password: string, stored: string): Promise<boolean> {
    return stored === `plain$${password}`;
  }
}

/** The two calls Accounts makes, over streams kept in memory (a server lib's test sees the port only). */
class AccountStreams {
  private readonly streams = new Map<string, RecordedEvent[]>();

  async readStream(name: string): Promise<RecordedEvent[]> {
    const events = this.streams.get(name);
    if (!events) throw new StreamNotFoundError(name);
    return [...events];
  }

  async appendToStream(name: string, events: readonly EventToAppend[], options: { expectedRevision?: unknown } = {}) {
    const stream = this.streams.get(name) ?? [];
    if (options.expectedRevision === 'no_stream' && stream.length > 0) throw new WrongExpectedRevisionError(name, 'no_stream', BigInt(stream.length - 1));
    for (const event of events) stream.push({ ...event, streamName: name, revision: BigInt(stream.length) } as unknown as RecordedEvent);
    this.streams.set(name, stream);
    return { nextExpectedRevision: BigInt(stream.length - 1) };
  }
}

function setup() {
  const store = new AccountStreams() as unknown as EventStore;
  const accounts = new Accounts(store, settings, new PlainHasher());
  const tokens = new TokenService(settings);
  return { store, accounts, tokens, authenticator: new Authenticator(tokens, accounts) };
}

describe('accounts and the role a token acts with (ADR 0007)', () => {
  it('given a role granted and then taken away, then the token the account already holds follows at once on this instance', async () => {
    const { accounts, tokens, authenticator } = setup();
    const boss = await accounts.register('boss', 'password-1');
    const mod = await accounts.register('mod', 'password-1');
    const token = `Bearer ${tokens.issue(mod)}`;
    await accounts.grantRole(boss, 'mod', 'moderator');
    expect((await authenticator.fromAuthorization(token))?.role).toBe('moderator');
    await accounts.grantRole(boss, 'mod', 'player');
    expect((await authenticator.fromAuthorization(token))?.role).toBe('player');
  });

  it('given another instance granted the role, then this one reads it from the account within the cache time', async () => {
    const { store, accounts, tokens } = setup();
    const boss = await accounts.register('boss', 'password-1');
    const mod = await accounts.register('mod', 'password-1');
    const claims = tokens.verify(tokens.issue(mod));
    const now = Date.now();
    expect((await accounts.current(claims, now)).role).toBe('player');
    await new Accounts(store, settings, new PlainHasher()).grantRole(boss, 'mod', 'moderator');
    expect((await accounts.current(claims, now + 1)).role).toBe('player');
    expect((await accounts.current(claims, now + ACCOUNT_CACHE_MS + 1)).role).toBe('moderator');
  });

  it('given many requests that find an account stale at once, then they share one read of its stream', async () => {
    const { store, accounts, tokens } = setup();
    const ann = await accounts.register('ann', 'password-1');
    const claims = tokens.verify(tokens.issue(ann));
    const read = jest.spyOn(store, 'readStream');
    const later = Date.now() + ACCOUNT_CACHE_MS + 1;
    const principals = await Promise.all(Array.from({ length: 5 }, () => accounts.current(claims, later)));
    expect(principals.map((p) => p.name)).toEqual(['ann', 'ann', 'ann', 'ann', 'ann']);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('given a token whose account does not exist (or was registered again under that name), then it is UNAUTHENTICATED', async () => {
    const { accounts, tokens } = setup();
    const ghost = tokens.verify(tokens.issue({ id: 'no-such-id', name: 'ghost', role: 'admin' }));
    await expect(accounts.current(ghost)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    await accounts.register('ghost', 'password-1');
    await expect(accounts.current(ghost)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('given a grant for a name no account could have, then it is NOT_FOUND without touching the store', async () => {
    const { accounts } = setup();
    const boss = await accounts.register('boss', 'password-1');
    await expect(accounts.grantRole(boss, 'x'.repeat(10_000), 'moderator')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
