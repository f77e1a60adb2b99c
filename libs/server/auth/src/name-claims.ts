import { randomUUID } from 'node:crypto';
import { Refusal } from '@liars-dice/server-platform';
import { type EventStore, WrongExpectedRevisionError } from '@liars-dice/event-store-port';
import { accountSkeletonsOf } from './name-skeleton';

/** One stream per skeleton an account name reads as: the store's expected-revision check makes it one account's. */
export const NAME_CLAIM_PREFIX = 'lookalike-';
const NAME_CLAIMED = 'NameClaimed';
/** Written once every account registered before claims existed has claimed its skeletons. */
const CLAIMS_BACKFILLED = 'lookalikes';
/**
 * A claim whose account has not appeared this long after it is taken over: its registration died between the
 * claim and the account's own append (both follow at once otherwise). Before then the name is CONFLICT.
 */
export const CLAIM_GRACE_MS = 60_000;

interface Claim {
  readonly name: string;
  readonly revision: bigint;
  readonly created: Date;
}

/** The registered name of the account called `name` (any case), or null: how a claim is told to be held. */
export type AccountNamed = (name: string) => Promise<string | null>;

/**
 * Which account a name reads as (ADR 0070): each account claims its name's skeletons (`nameSkeletons`), so a
 * name that looks like an account's (`r00t`, `Rооt` with Cyrillic о, `ꓣOOT`) finds that account in one read per
 * skeleton, on any replica: registration refuses it (impersonation), as a CPU seat's name is refused.
 */
export class NameClaims {
  constructor(
    private readonly store: EventStore,
    private readonly accountNamed: AccountNamed,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** The account (its name as registered) that `name` reads as in a list, or null. */
  async holderOf(name: string): Promise<string | null> {
    for (const skeleton of accountSkeletonsOf(name)) {
      const claim = await this.read(skeleton);
      const holder = claim && (await this.accountNamed(claim.name));
      if (holder) return holder;
    }
    return null;
  }

  /** Refuses `name` for a new account when it reads as an existing one (NAME_TAKEN, naming it). */
  async refuseLookalikes(name: string): Promise<void> {
    const holder = await this.holderOf(name);
    if (holder !== null) throw taken(name, holder);
  }

  /** Claims every skeleton of `name` for a new account; refuses NAME_TAKEN when one is already held. */
  async claim(name: string, accountId: string): Promise<void> {
    for (const skeleton of accountSkeletonsOf(name)) await this.claimOne(skeleton, name, accountId);
  }

  /**
   * Claims for the accounts registered before claims existed (once per store, at start-up): an account reads as
   * itself from then on. Two old accounts that read alike keep their names; the first registered holds the claim.
   */
  async backfill(): Promise<void> {
    if (await this.store.readStreamIfExists(CLAIMS_BACKFILLED, { maxCount: 1 })) return;
    const latest = new Map<string, { readonly name: string; readonly accountId: string }>();
    for (const event of await this.store.readAll({ filter: { eventTypes: ['AccountRegistered'] } })) {
      const data = event.data as { name?: unknown; accountId?: unknown };
      if (typeof data.name === 'string' && typeof data.accountId === 'string') latest.set(event.streamName, { name: data.name, accountId: data.accountId });
    }
    for (const { name, accountId } of latest.values()) {
      for (const skeleton of accountSkeletonsOf(name)) await this.append(skeleton, name, accountId, 'no_stream').catch(ignoreTaken);
    }
    await this.store.appendToStream(CLAIMS_BACKFILLED, [{ id: randomUUID(), type: 'NameClaimsBackfilled', data: { accounts: latest.size } }]);
  }

  private async claimOne(skeleton: string, name: string, accountId: string): Promise<void> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const claim = await this.read(skeleton);
      if (claim) {
        const holder = await this.accountNamed(claim.name);
        if (holder !== null) throw taken(name, holder);
        if (this.now() - claim.created.getTime() < CLAIM_GRACE_MS) {
          throw new Refusal('CONFLICT', `name: an account reading as ${name} is being registered right now; try again in a minute`, 'name');
        }
      }
      try {
        return await this.append(skeleton, name, accountId, claim ? claim.revision : 'no_stream');
      } catch (error) {
        ignoreTaken(error);
      }
    }
    throw new Refusal('CONFLICT', `name: ${name} kept being claimed while it was registered; try again`, 'name');
  }

  private async append(skeleton: string, name: string, accountId: string, expectedRevision: bigint | 'no_stream'): Promise<void> {
    await this.store.appendToStream(`${NAME_CLAIM_PREFIX}${skeleton}`, [{ id: randomUUID(), type: NAME_CLAIMED, data: { name, accountId } }], { expectedRevision });
  }

  private async read(skeleton: string): Promise<Claim | null> {
    const [last] = (await this.store.readStreamIfExists(`${NAME_CLAIM_PREFIX}${skeleton}`, { direction: 'backwards', maxCount: 1 })) ?? [];
    const name = (last?.data as { name?: unknown } | undefined)?.name;
    return last && typeof name === 'string' ? { name, revision: last.revision, created: last.created } : null;
  }
}

function ignoreTaken(error: unknown): void {
  if (!(error instanceof WrongExpectedRevisionError)) throw error;
}

function taken(name: string, holder: string): Refusal {
  if (holder.toLowerCase() === name.toLowerCase()) return new Refusal('NAME_TAKEN', `name: ${name} is taken`, 'name');
  return new Refusal('NAME_TAKEN', `name: ${name} reads as the player ${holder}; choose a name that does not look like another's`, 'name');
}
