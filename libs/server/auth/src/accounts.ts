import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { EVENT_STORE, Refusal, SERVER_SETTINGS, type ServerSettings } from '@liars-dice/server-platform';
import { type EventStore, type RecordedEvent, StreamNotFoundError, WrongExpectedRevisionError } from '@liars-dice/event-store-port';
import { PasswordHasher } from './password-hasher';
import type { Principal, Role } from './principal';

interface Account extends Principal {
  readonly passwordHash: string;
}

const NAME = /^[A-Za-z0-9_-]{3,24}$/;
/** How long a replica trusts what it last read of an account (role, existence) before reading it again. */
export const ACCOUNT_CACHE_MS = 5_000;

/** One stream per account name, so the store's expected-revision check makes names unique. */
export function accountStream(name: string): string {
  return `account-${name.toLowerCase()}`;
}

/** Registration, sign-in and role grants, as events in `account-<name>` streams. */
@Injectable()
export class Accounts {
  /** Accounts as last read, by id: what `current` answers from for ACCOUNT_CACHE_MS. */
  private readonly known = new Map<string, { principal: Principal; until: number }>();
  /** Reads of an account under way, by id. */
  private readonly reading = new Map<string, Promise<Principal>>();

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SERVER_SETTINGS) private readonly settings: ServerSettings,
    private readonly hasher: PasswordHasher,
  ) {}

  async register(name: string, password: string): Promise<Principal> {
    if (!NAME.test(name)) throw new Refusal('BAD_USER_INPUT', 'name: 3 to 24 letters, digits, "-" or "_"', 'name');
    if (password.length < 8 || password.length > 200) {
      throw new Refusal('BAD_USER_INPUT', 'password: 8 to 200 characters', 'password');
    }
    const isAdmin = this.settings.adminName !== null && this.settings.adminName.toLowerCase() === name.toLowerCase();
    const account: Account = { id: randomUUID(), name, role: isAdmin ? 'admin' : 'player', passwordHash: await this.hasher.hash(password) };
    const data = { accountId: account.id, name, role: account.role, passwordHash: account.passwordHash };
    try {
      await this.store.appendToStream(accountStream(name), [{ id: randomUUID(), type: 'AccountRegistered', data }], { expectedRevision: 'no_stream' });
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError) throw new Refusal('NAME_TAKEN', `name: ${name} is taken`, 'name');
      throw error;
    }
    return { id: account.id, name, role: account.role };
  }

  async signIn(name: string, password: string): Promise<Principal> {
    const account = NAME.test(name) ? await this.find(name) : null;
    if (!account || !(await this.hasher.verify(password, account.passwordHash))) {
      throw new Refusal('UNAUTHENTICATED', 'wrong name or password');
    }
    return { id: account.id, name: account.name, role: account.role };
  }

  async grantRole(by: Principal, name: string, role: Role): Promise<Principal> {
    if (by.role !== 'admin') throw new Refusal('FORBIDDEN', 'only an admin grants roles');
    const account = NAME.test(name) ? await this.find(name) : null;
    if (!account) throw new Refusal('NOT_FOUND', `name: no account ${name}`, 'name');
    await this.store.appendToStream(accountStream(name), [{ id: randomUUID(), type: 'RoleGranted', data: { role, by: by.id } }]);
    const principal = { id: account.id, name: account.name, role };
    this.known.set(account.id, { principal, until: Date.now() + ACCOUNT_CACHE_MS });
    return principal;
  }

  /**
   * The account a verified token names, with its role as the account holds it now (ADR 0007): a role granted
   * or taken away applies to every token within ACCOUNT_CACHE_MS; a token whose account is gone (or was
   * registered again under the same name) is refused.
   */
  current(claims: { readonly sub: string; readonly name: string }, now = Date.now()): Promise<Principal> {
    const cached = this.known.get(claims.sub);
    if (cached && cached.until > now) return Promise.resolve(cached.principal);
    // Requests that find the entry stale together (a player's burst, a table's sockets) share one read.
    let reading = this.reading.get(claims.sub);
    if (!reading) {
      reading = this.reread(claims, now).finally(() => this.reading.delete(claims.sub));
      this.reading.set(claims.sub, reading);
    }
    return reading;
  }

  private async reread(claims: { readonly sub: string; readonly name: string }, now: number): Promise<Principal> {
    const account = NAME.test(claims.name) ? await this.find(claims.name) : null;
    if (!account || account.id !== claims.sub) {
      this.known.delete(claims.sub);
      throw new Refusal('UNAUTHENTICATED', 'the account behind this token no longer exists; sign in again');
    }
    const principal = { id: account.id, name: account.name, role: account.role };
    if (this.known.size >= 50_000) this.known.clear();
    this.known.set(account.id, { principal, until: now + ACCOUNT_CACHE_MS });
    return principal;
  }

  private async find(name: string): Promise<Account | null> {
    let events: RecordedEvent[];
    try {
      events = await this.store.readStream(accountStream(name));
    } catch (error) {
      if (error instanceof StreamNotFoundError) return null;
      throw error;
    }
    return events.reduce<Account | null>(evolveAccount, null);
  }
}

function evolveAccount(account: Account | null, event: RecordedEvent): Account | null {
  const data = event.data as Record<string, string>;
  if (event.type === 'AccountRegistered') {
    return { id: String(data['accountId']), name: String(data['name']), role: data['role'] as Role, passwordHash: String(data['passwordHash']) };
  }
  if (event.type === 'RoleGranted' && account) return { ...account, role: data['role'] as Role };
  return account;
}
