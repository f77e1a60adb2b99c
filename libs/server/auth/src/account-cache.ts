import { Logger } from '@nestjs/common';
import { backoff, describeError } from '@liars-dice/server-platform';
import type { EventStore, RecordedEvent, Subscription } from '@liars-dice/event-store-port';
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
  private subscription: Subscription | null = null;
  /** Position of the last `account-` event heard: following resumes after it. */
  private position: bigint | null = null;
  private live = false;
  private stopped = false;
  private failures = 0;
  private retry: NodeJS.Timeout | null = null;

  constructor(private readonly store: EventStore) {}

  /** Starts following from the end: what was written before is read from the streams when first needed. */
  follow(): void {
    const from = this.position === null ? 'end' : { position: this.position };
    const subscription = this.store.subscribeToAll({ from, filter: { streamPrefixes: [ACCOUNT_STREAM_PREFIX] } });
    this.subscription = subscription;
    void this.run(subscription);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.live = false;
    if (this.retry) clearTimeout(this.retry);
    await this.subscription?.close();
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

  private async run(subscription: Subscription): Promise<void> {
    try {
      for await (const message of subscription) {
        if (message.kind === 'caught-up') {
          this.live = true;
          this.failures = 0;
          continue;
        }
        this.heard(message.event);
        this.position = message.event.position;
      }
    } catch (error) {
      // Nothing heard from now on: the cache vouches for nothing until following again (reads answer meanwhile).
      this.live = false;
      this.forget();
      if (this.stopped) return;
      const pause = backoff(this.failures++, 200, 10_000);
      this.logger.error(`account follower stopped (${describeError(error)}); following again in ${pause} ms`);
      this.retry = setTimeout(() => {
        this.retry = null;
        if (!this.stopped) this.follow();
      }, pause);
      this.retry.unref();
    }
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
