import { Inject, Injectable, Optional } from '@nestjs/common';
import { ArgsType, Field } from '@nestjs/graphql';
import type { EventStore } from '@liars-dice/event-store-port';
import { EVENT_STORE, Refusal } from '@liars-dice/server-platform';
import { PROJECTED_STREAMS } from '../engine/projected-streams';
import { ReadProgress } from './read-progress';

/** How long a read waits for the read models to reach the position it names. */
export const CONSISTENT_READ_WAIT_MS = 5_000;
/** Overrides the wait (tests). */
export const CONSISTENT_READ_WAIT = Symbol('CONSISTENT_READ_WAIT');

const FIELD = 'consistentAfter';

/** The argument every read-model query takes. */
export const CONSISTENT_AFTER = {
  nullable: true,
  description: `A position a mutation answered (its \`position\`): the answer waits until this server's read models have applied it, so it shows that write (at most ${CONSISTENT_READ_WAIT_MS / 1000} s, then READ_MODEL_BEHIND).`,
} as const;

/** A mutation's answer: where its writes reached, for `consistentAfter`. */
export const WRITTEN_POSITION = {
  nullable: true,
  description:
    "A mutation's answer: the event-store position its writes (its effects on other streams included) reached; pass it as `consistentAfter` to a query to read them. Null when read from a query or a push.",
} as const;

/** `consistentAfter` as an argument class to extend. */
@ArgsType()
export class ConsistentArgs {
  @Field(() => String, CONSISTENT_AFTER) consistentAfter?: string | null;
}

function positionOf(text: string): bigint {
  if (!/^\d{1,20}$/.test(text)) throw new Refusal('BAD_USER_INPUT', `${FIELD}: a position a mutation answered (digits)`, FIELD);
  return BigInt(text);
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/**
 * Read-your-writes (docs/adr/0071): a query given `consistentAfter` answers only once every read model this server
 * keeps has applied the read models' events up to that position. The projections follow the store a moment behind
 * the commands; a client that must read its own write (a ruling's sanctions, a claim) passes the mutation's
 * `position` instead of polling.
 */
@Injectable()
export class ConsistentReads {
  constructor(
    private readonly progress: ReadProgress,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Optional() @Inject(CONSISTENT_READ_WAIT) private readonly waitMs: number = CONSISTENT_READ_WAIT_MS,
  ) {}

  /** Resolves once the read models have reached `consistentAfter` (at once when it is not given). */
  async reached(consistentAfter: string | null | undefined): Promise<void> {
    if (consistentAfter === null || consistentAfter === undefined) return;
    const target = positionOf(consistentAfter);
    if (this.applied(target)) return;
    const needed = await this.lastFollowedUpTo(target);
    if (needed === null || this.applied(needed)) return;
    const until = Date.now() + this.waitMs;
    while (!this.applied(needed)) {
      const left = until - Date.now();
      if (left <= 0) {
        throw new Refusal('READ_MODEL_BEHIND', `${FIELD}: the read models have not reached position ${target} within ${this.waitMs / 1000} s; read again later`, FIELD);
      }
      // A feed that stops (its thread restarting) refuses at once: look again a little later.
      await Promise.race([this.progress.whenApplied(needed).catch(() => pause(50)), pause(left)]);
    }
  }

  private applied(position: bigint): boolean {
    const upTo = this.progress.appliedUpTo();
    return upTo !== null && upTo >= position;
  }

  /**
   * The last event at or before `target` that the read models follow (null: none), refusing a position past the
   * store's last event: no mutation answered it.
   */
  private async lastFollowedUpTo(target: bigint): Promise<bigint | null> {
    const [head] = await this.store.readAll({ direction: 'backwards', maxCount: 1 });
    if (!head || head.position < target) {
      throw new Refusal('BAD_USER_INPUT', `${FIELD}: position ${target} is past the store's last event${head ? ` (${head.position})` : ''}: pass a position a mutation answered`, FIELD);
    }
    const [last] = await this.store.readAll({ direction: 'backwards', fromPosition: target, maxCount: 1, filter: { streamPrefixes: [...PROJECTED_STREAMS] } });
    return last?.position ?? null;
  }
}
