import type { EventStore } from '@liars-dice/event-store-port';
import type { ServerSettings } from '@liars-dice/server-platform';
import { Accounts } from '../accounts';
import { PasswordHasher } from '../password-hasher';

export const settings = {
  jwtSecret: 'unit-secret-0123456789-0123456789-0123456789',
  jwtTtlSeconds: 600,
  sessionMaxSeconds: 3600,
  dataDir: null,
  adminSetupToken: null,
  accounts: { signInFreeFailures: 5, signInBackoffMaxSeconds: 900, registrationsPerHour: 0 },
} as unknown as ServerSettings;

/** A cheap hasher: these tests are about names, roles and tokens, not scrypt. */
export class PlainHasher extends PasswordHasher {
  override async hash(password: string): Promise<string> {
    return `plain$${password}`;
  }
  override async verify(password: string, stored: string): Promise<boolean> {
    return stored === `plain$${password}`;
  }
}

/** Accounts on `store`, following it as the app's module init makes it; `close` stops them. */
export function accountsOn(store: EventStore, overrides: Partial<ServerSettings> = {}) {
  const accounts = new Accounts(store, { ...settings, ...overrides }, new PlainHasher());
  return { accounts, following: accounts.onModuleInit(), close: () => accounts.onApplicationShutdown() };
}

/** The admin the tests start from (the operator's setup token made it one). */
export async function bossOf(accounts: Accounts) {
  return accounts.appointAdmin(await accounts.register('boss', 'password-1'), 'setup');
}
