import { Logger } from '@nestjs/common';
import { backoff, describeError } from '@liars-dice/server-platform';
import { AllFollower, type EventStore, type RecordedEvent } from '@liars-dice/event-store-port';
import type { Principal, Role } from './principal';

/** Every account lives in a stream with this prefix (`accountStream`). */
export const ACCOUNT_STREAM_PREFIX = 'account-';

/** At most this many accounts are kept (a safety net: all are dropped at once and read again on use). */
const CACHE_LIMIT = 50_000;

/** An account as last read or heard: the principal, its stream, and the revision that gave it. */
interface Entry {
  readonly principal: Principal;
  readonly stream: string;
  readonly revision: bigint;
}

/**
 * The accounts this process has read, kept fresh by following the store's `account-` streams from the end (a
 * filtered `$all` catch-up subscription): a role granted or taken away, or a name registered again, on any
 * replica reaches this cache within the follower's lag, so an account in use is read from its stream once, not
 * every few seconds. The cache vouches for nothing while the follower is not live (before its first catch-up,
 * and from a failure until it follows again): then every look-up reads the stream.
 */
export class AccountCache {
  private readonly logger = new Logger(AccountCache.name);
  private readonly entries = new Map<string, Entry>();
  /** Account id by stream, for the entries held. */
  private readonly byStream = new Map<string, string>();
  /**
   * Reads under way, by stream: the newest revision the follower heard of that stream meanwhile. A read that
   * ends below it is answered but not kept (an event it missed could otherwise never reach the entry).
   */
  private readonly reads = new Map<string, bigint>();
  /** The `account-` streams from the end; after a failure, again from the last event heard. */
  private readonly follower: AllFollower;

  constructor(store: EventStore) {
    this.follower = new AllFollower(
      store,
      { streamPrefixes: [ACCOUNT_STREAM_PREFIX], from: 'end', retryPause: (attempt) => backoff(attempt, 200, 10_000) },
      {
        event: (event) => this.heard(event),
        failed: (error, retryInMs) => {
          // Nothing heard from now on: the cache vouches for nothing until following again (reads answer meanwhile).
          this.forget();
          if (retryInMs !== null) this.logger.error(`account follower stopped (${describeError(error)}); following again in ${retryInMs} ms`);
        },
      },
    );
  }

  /** Starts following from the end: what was written before is read from the streams when first needed. */
  follow(): void {
    this.follower.start();
  }

  async stop(): Promise<void> {
    await this.follower.stop();
  }

  /** Caught up with the `account-` streams and following them: only then does the cache vouch for anything. */
  private get live(): boolean {
    return this.follower.live;
  }

  /** The account with this id as the store holds it, when the cache can vouch for it. */
  get(id: string): Principal | undefined {
    return this.live ? this.entries.get(id)?.principal : undefined;
  }

  /**
   * A read of `stream` starts: events the follower hears for it meanwhile are noted. Only a read started while
   * following can be kept (one started before could have missed an event the follower started after).
   */
  reading(stream: string): void {
    if (this.live && !this.reads.has(stream)) this.reads.set(stream, -1n);
  }

  /** What a read of `stream` found, up to `revision` (null: no such account); kept when nothing newer was heard. */
  read(stream: string, principal: Principal | null, revision: bigint): void {
    const heard = this.reads.get(stream);
    this.reads.delete(stream);
    if (principal && heard !== undefined && heard <= revision) this.keep({ principal, stream, revision });
  }

  /** What this process has just appended to an account's stream (acknowledged at `revision`). */
  wrote(stream: string, principal: Principal, revision: bigint): void {
    const held = this.entries.get(principal.id);
    if (!held || held.revision < revision) this.keep({ principal, stream, revision });
  }

  private keep(entry: Entry): void {
    if (!this.live) return;
    if (this.entries.size >= CACHE_LIMIT) this.forget();
    const previous = this.byStream.get(entry.stream);
    if (previous !== undefined && previous !== entry.principal.id) this.entries.delete(previous);
    this.entries.set(entry.principal.id, entry);
    this.byStream.set(entry.stream, entry.principal.id);
  }

  private forget(): void {
    this.entries.clear();
    this.byStream.clear();
    this.reads.clear();
  }

  /** One account event from any replica: applied to the entry it concerns, if held and not already in it. */
  private heard(event: RecordedEvent): void {
    const stream = event.streamName;
    const reading = this.reads.get(stream);
    if (reading !== undefined && reading < event.revision) this.reads.set(stream, event.revision);
    const id = this.byStream.get(stream);
    const entry = id === undefined ? undefined : this.entries.get(id);
    if (!entry || entry.revision >= event.revision) return;
    const data = event.data as Record<string, unknown>;
    if (event.type === 'AccountRegistered') {
      // The name registered again (its stream deleted and written anew): tokens of the old account stop working.
      this.entries.delete(entry.principal.id);
      this.byStream.delete(stream);
      return;
    }
    const principal = event.type === 'RoleGranted' ? { ...entry.principal, role: data['role'] as Role } : entry.principal;
    this.entries.set(entry.principal.id, { principal, stream, revision: event.revision });
  }
}
