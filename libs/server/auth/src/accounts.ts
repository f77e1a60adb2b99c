import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { echoed, EVENT_STORE, Refusal, SERVER_SETTINGS, type ServerSettings } from '@liars-dice/server-platform';
import { type EventStore, type RecordedEvent, StreamNotFoundError, WrongExpectedRevisionError } from '@liars-dice/event-store-port';
import { UNNAMED_CPU } from '@liars-dice/game-match';
import { ACCOUNT_STREAM_PREFIX, AccountCache } from './account-cache';
import { ADMIN_FENCE_STREAM, ADMIN_ROLE_REMOVED, adminStreams, fenceRevision, leavesNoAdmin, ROLE_EVENT_TYPES } from './last-admin';
import { completeInterruptedRemovals } from './interrupted-removals';
import { RegistrationThrottle, SignInBackoff } from './attempt-limits';
import { NameClaims } from './name-claims';
import { nameSkeleton, nameSkeletons } from './name-skeleton';
import { PasswordHasher } from './password-hasher';
import type { Principal, Role } from './principal';

interface Account extends Principal {
  readonly passwordHash: string;
}

/** An account as its stream holds it, and the revision of the stream's last event. */
interface Found {
  readonly account: Account;
  readonly revision: bigint;
}

const NAME = /^[A-Za-z0-9_-]{3,24}$/;
/** Decisions of an admin role's removal before giving up with CONFLICT (each retry follows another removal). */
const FENCE_ATTEMPTS = 8;
/** One stream per account name, so the store's expected-revision check makes names unique. */
export function accountStream(name: string): string {
  return `${ACCOUNT_STREAM_PREFIX}${name.toLowerCase()}`;
}

/** Registration, sign-in and role grants, as events in `account-<name>` streams. */
@Injectable()
export class Accounts implements OnModuleInit, OnApplicationShutdown {
  /** Accounts in use, kept fresh by following every replica's account events. */
  private readonly cache: AccountCache;
  /** Reads of an account under way, by id. */
  private readonly reading = new Map<string, Promise<Principal>>();
  /** Which account a name reads as. */
  private readonly claims: NameClaims;
  private readonly backoff: SignInBackoff;
  private readonly registrations: RegistrationThrottle;
  /** A hash no password matches, verified for names no account has: their refusal takes as long. */
  private absentHash: Promise<string> | null = null;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SERVER_SETTINGS) settings: ServerSettings,
    private readonly hasher: PasswordHasher,
  ) {
    this.cache = new AccountCache(store);
    this.claims = new NameClaims(store, async (name) => (NAME.test(name) ? ((await this.find(name))?.account.name ?? null) : null));
    this.backoff = new SignInBackoff(settings.accounts);
    this.registrations = new RegistrationThrottle(settings.accounts);
  }

  /**
   * Follows the account events, finishes any admin-role removal a process died in the middle of, and has the
   * accounts registered before name claims claim theirs (once per store).
   */
  async onModuleInit(): Promise<void> {
    this.cache.follow();
    await completeInterruptedRemovals(this.store);
    await this.claims.backfill();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.cache.stop();
  }

  /**
   * A new account, as a player. `address`: the client's, whose registrations are throttled. A name that
   * reads as an existing account's (`r00t` beside `root`) is NAME_TAKEN, as is `cpu` (what lists call an
   * unnamed CPU seat: a person under it would pass for one).
   */
  async register(name: string, password: string, address?: string): Promise<Principal> {
    if (!NAME.test(name)) throw new Refusal('BAD_USER_INPUT', 'name: 3 to 24 letters, digits, "-" or "_"', 'name');
    if (nameSkeletons(name).includes(nameSkeleton(UNNAMED_CPU))) throw new Refusal('NAME_TAKEN', `name: ${name} is what an unnamed CPU seat is called`, 'name');
    if (password.length < 8 || password.length > 200) {
      throw new Refusal('BAD_USER_INPUT', 'password: 8 to 200 characters', 'password');
    }
    const giveBack = await this.registrations.take(address);
    try {
      return await this.registered(name, password);
    } catch (error) {
      await giveBack();
      throw error;
    }
  }

  private async registered(name: string, password: string): Promise<Principal> {
    await this.claims.refuseLookalikes(name);
    const account: Account = { id: randomUUID(), name, role: 'player', passwordHash: await this.hasher.hash(password) };
    const data = { accountId: account.id, name, role: account.role, passwordHash: account.passwordHash };
    await this.claims.claim(name, account.id);
    try {
      await this.store.appendToStream(accountStream(name), [{ id: randomUUID(), type: 'AccountRegistered', data }], { expectedRevision: 'no_stream' });
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError) throw new Refusal('NAME_TAKEN', `name: ${name} is taken`, 'name');
      throw error;
    }
    return { id: account.id, name, role: account.role };
  }

  /**
   * The name of the account `name` reads as in a list (any letter case, look-alike letters), or null: what a CPU
   * seat may not be called.
   */
  registeredName(name: string): Promise<string | null> {
    return this.claims.holderOf(name);
  }

  /**
   * The account, when the password is its own. Wrong passwords in a row make the name back off
   * (TOO_MANY_ATTEMPTS); a name no account has is answered as a wrong password is, after as long a hash.
   */
  async signIn(name: string, password: string): Promise<Principal> {
    const tracked = NAME.test(name);
    if (tracked) await this.backoff.check(name);
    const account = tracked ? (await this.find(name))?.account : null;
    const verified = await this.hasher.verify(password, account?.passwordHash ?? (await this.absent()));
    if (!account || !verified) {
      if (tracked) await this.backoff.failed(name);
      throw new Refusal('UNAUTHENTICATED', 'wrong name or password');
    }
    await this.backoff.succeeded(name);
    return { id: account.id, name: account.name, role: account.role };
  }

  private absent(): Promise<string> {
    this.absentHash ??= this.hasher.hash(randomUUID());
    return this.absentHash;
  }

  /**
   * Makes `account` an admin on the operator's word (the admin setup token), with no admin deciding it:
   * `by` says what did.
   */
  async appointAdmin(account: Principal, by: string): Promise<Principal> {
    const stream = accountStream(account.name);
    const { nextExpectedRevision } = await this.store.appendToStream(stream, [{ id: randomUUID(), type: 'RoleGranted', data: { role: 'admin', by } }], { expectedRevision: 'stream_exists' });
    const principal = { ...account, role: 'admin' as const };
    this.cache.wrote(stream, principal, nextExpectedRevision);
    return principal;
  }

  /** Whether any account holds the admin role now (reads every account's role events: rare). */
  async anyAdmin(): Promise<boolean> {
    return adminStreams(await this.store.readAll({ filter: { eventTypes: [...ROLE_EVENT_TYPES] } })).size > 0;
  }

  async grantRole(by: Principal, name: string, role: Role): Promise<Principal> {
    if (by.role !== 'admin') throw new Refusal('FORBIDDEN', 'only an admin grants roles');
    const account = NAME.test(name) ? (await this.find(name))?.account : null;
    if (!account) throw new Refusal('NOT_FOUND', `name: no account ${echoed(name)}`, 'name');
    const stream = accountStream(name);
    if (account.role === 'admin' && role !== 'admin') await this.fenceAdminRemoval(by, account, role);
    const { nextExpectedRevision } = await this.store.appendToStream(stream, [{ id: randomUUID(), type: 'RoleGranted', data: { role, by: by.id } }]);
    const principal = { id: account.id, name: account.name, role };
    this.cache.wrote(stream, principal, nextExpectedRevision);
    return principal;
  }

  /**
   * Taking the admin role away is decided on the admins now (every account's role events: read only then, which
   * is rare) and appended to the fence stream at the revision read (ADR 0037): of two removals decided at once
   * (two admins demoting each other, on one replica or two), the second finds the fence moved and is decided
   * again, on the admins the first left. So the last admin always remains. Returns once the removal is fenced
   * (or needs none: the account is no admin any more); the caller then appends the account's own grant.
   */
  private async fenceAdminRemoval(by: Principal, account: Account, role: Role): Promise<void> {
    const stream = accountStream(account.name);
    // Decided on admins the accounts agree with: one whose removal was cut short (another replica died) is finished first.
    await completeInterruptedRemovals(this.store);
    for (let attempt = 0; attempt < FENCE_ATTEMPTS; attempt++) {
      const events = await this.store.readAll({ filter: { eventTypes: [...ROLE_EVENT_TYPES] } });
      const admins = adminStreams(events);
      if (!admins.has(accountStream(by.name))) throw new Refusal('FORBIDDEN', 'only an admin grants roles: your admin role was just taken away');
      if (!admins.has(stream)) return;
      if (leavesNoAdmin(stream, role, admins)) throw new Refusal('LAST_ADMIN', `${account.name} is the last admin: grant another account the admin role first`, 'role');
      const removed = { id: randomUUID(), type: ADMIN_ROLE_REMOVED, data: { account: stream, role, by: by.id } };
      try {
        await this.store.appendToStream(ADMIN_FENCE_STREAM, [removed], { expectedRevision: fenceRevision(events) });
        return;
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
      }
    }
    throw new Refusal('CONFLICT', 'admin roles kept changing while this change was decided: try again');
  }

  /**
   * The account a verified token names, with its role as the account holds it now (ADR 0007): read
   * from its stream the first time, then kept fresh by the account follower, so a role granted or taken away
   * on any replica applies to every token within the follower's lag; a token whose account is gone (or was
   * registered again under the same name) is refused.
   */
  current(claims: { readonly sub: string; readonly name: string }): Promise<Principal> {
    const cached = this.cache.get(claims.sub);
    if (cached) return Promise.resolve(cached);
    // Requests that find the account unknown together (a player's burst, a table's sockets) share one read.
    let reading = this.reading.get(claims.sub);
    if (!reading) {
      reading = this.reread(claims).finally(() => this.reading.delete(claims.sub));
      this.reading.set(claims.sub, reading);
    }
    return reading;
  }

  private async reread(claims: { readonly sub: string; readonly name: string }): Promise<Principal> {
    if (!NAME.test(claims.name)) throw gone();
    const stream = accountStream(claims.name);
    this.cache.reading(stream);
    let found: Found | null = null;
    try {
      found = await this.find(claims.name);
    } finally {
      const principal = found ? { id: found.account.id, name: found.account.name, role: found.account.role } : null;
      this.cache.read(stream, principal, found?.revision ?? -1n);
    }
    if (!found || found.account.id !== claims.sub) throw gone();
    return { id: found.account.id, name: found.account.name, role: found.account.role };
  }

  private async find(name: string): Promise<Found | null> {
    let events: RecordedEvent[];
    try {
      events = await this.store.readStream(accountStream(name));
    } catch (error) {
      if (error instanceof StreamNotFoundError) return null;
      throw error;
    }
    const account = events.reduce<Account | null>(evolveAccount, null);
    const last = events[events.length - 1];
    return account && last ? { account, revision: last.revision } : null;
  }
}

function gone(): Refusal {
  return new Refusal('UNAUTHENTICATED', 'the account behind this token no longer exists; sign in again');
}

function evolveAccount(account: Account | null, event: RecordedEvent): Account | null {
  const data = event.data as Record<string, string>;
  if (event.type === 'AccountRegistered') {
    return { id: String(data['accountId']), name: String(data['name']), role: data['role'] as Role, passwordHash: String(data['passwordHash']) };
  }
  if (event.type === 'RoleGranted' && account) return { ...account, role: data['role'] as Role };
  return account;
}
