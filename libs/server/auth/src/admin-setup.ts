import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { EVENT_STORE, Refusal, SERVER_SETTINGS, type ServerSettings } from '@liars-dice/server-platform';
import { type EventStore, WrongExpectedRevisionError } from '@liars-dice/event-store-port';
import { Accounts } from './accounts';
import type { Principal } from './principal';

/** In the data directory: the issued setup token's hash while it waits, or that it was used. */
export const ADMIN_SETUP_FILE = 'admin-setup.json';
/** One stream per token used: the store's expected-revision check makes each token work once, on any replica. */
const USED_PREFIX = 'admin-setup-';

type SetupFile = { readonly tokenHash: string; readonly issuedAt: string } | { readonly settled: string; readonly at: string };

function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function readSetup(dataDir: string): SetupFile | null {
  try {
    return JSON.parse(readFileSync(path.join(dataDir, ADMIN_SETUP_FILE), 'utf8')) as SetupFile;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function writeSetup(dataDir: string, setup: SetupFile): void {
  const file = path.join(dataDir, ADMIN_SETUP_FILE);
  writeFileSync(`${file}.tmp`, JSON.stringify(setup, null, 2), { mode: 0o600 });
  renameSync(`${file}.tmp`, file);
}

/**
 * A new admin setup token for the server on `dataDir`: its hash replaces any token waiting there (the server reads
 * the file at each claim, so this works while it runs). Returned once, to be shown to the operator only.
 */
export function issueSetupToken(dataDir: string): string {
  const token = randomBytes(32).toString('base64url');
  writeSetup(dataDir, { tokenHash: hashOf(token), issuedAt: new Date().toISOString() });
  return token;
}

/**
 * The first admin comes from the operator, never from a race to register a name (ADR 0070): at start a server
 * with no admin issues a setup token into its data directory and prints it; `claimAdmin(token)` makes the
 * signed-in caller an admin with it, once. `ADMIN_SETUP_TOKEN` is a token the operator chose instead (one for all
 * replicas); `npm run admin -- setup-token` issues a new one (a lost token, an admin locked out).
 */
@Injectable()
export class AdminSetup implements OnApplicationBootstrap {
  private readonly logger = new Logger('AdminSetup');

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SERVER_SETTINGS) private readonly settings: Pick<ServerSettings, 'dataDir' | 'adminSetupToken'>,
    private readonly accounts: Accounts,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { dataDir, adminSetupToken } = this.settings;
    // A tool without a data directory (the simulation) issues none: only ADMIN_SETUP_TOKEN could make an admin.
    if (adminSetupToken !== null || !dataDir) return;
    const setup = readSetup(dataDir);
    if (setup && 'tokenHash' in setup) {
      this.logger.warn(`no admin yet: the admin setup token issued at ${setup.issuedAt} waits to be claimed (claimAdmin); lost it? npm run admin -- setup-token`);
      return;
    }
    if (setup) return;
    if (await this.accounts.anyAdmin()) return writeSetup(dataDir, { settled: 'an admin existed', at: new Date().toISOString() });
    const token = issueSetupToken(dataDir);
    this.logger.warn(`no admin yet. Admin setup token (shown once; register, then claimAdmin(token: "…") signed in): ${token}`);
  }

  /** Makes `caller` an admin when `token` is this server's setup token, not used yet. */
  async claim(caller: Principal, token: string): Promise<Principal> {
    const hash = hashOf(token);
    const fromFile = this.pending();
    if (!this.accepts(hash, fromFile)) throw new Refusal('FORBIDDEN', 'token: not an admin setup token of this server, or one already used', 'token');
    if (caller.role === 'admin') throw new Refusal('BAD_USER_INPUT', 'token: you are an admin already; keep the token for another account', 'token');
    try {
      const used = { id: randomUUID(), type: 'AdminSetupTokenUsed', data: { account: caller.id } };
      await this.store.appendToStream(`${USED_PREFIX}${hash.slice(0, 32)}`, [used], { expectedRevision: 'no_stream' });
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError) throw new Refusal('FORBIDDEN', 'token: not an admin setup token of this server, or one already used', 'token');
      throw error;
    }
    if (fromFile === hash && this.settings.dataDir) writeSetup(this.settings.dataDir, { settled: `claimed by ${caller.name}`, at: new Date().toISOString() });
    return this.accounts.appointAdmin(caller, 'admin-setup-token');
  }

  /** The hash of the token waiting in the data directory, or null. */
  private pending(): string | null {
    const setup = this.settings.dataDir ? readSetup(this.settings.dataDir) : null;
    return setup && 'tokenHash' in setup ? setup.tokenHash : null;
  }

  private accepts(hash: string, fromFile: string | null): boolean {
    const chosen = this.settings.adminSetupToken;
    return [chosen === null ? null : hashOf(chosen), fromFile].some((known) => known !== null && timingSafeEqual(Buffer.from(known), Buffer.from(hash)));
  }
}
