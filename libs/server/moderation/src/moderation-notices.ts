import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import { Subject } from 'rxjs';
import type { EventStore, RecordedEvent, Subscription } from '@liars-dice/event-store-port';
import {
  accountOfSanctions,
  type Dispute,
  type DisputeEvent,
  DISPUTES_STREAM_PREFIX,
  disqualifies,
  matchIdOfDisputes,
  SANCTIONS_STREAM_PREFIX,
  type SanctionEvent,
} from '@liars-dice/game-moderation';
import { EVENT_STORE } from '@liars-dice/server-platform';
import { disputesModel } from './models';
import { StreamRunner } from './stream-runner';

/** A dispute changed: its state after the event (the subscription shows each subscriber what is theirs). */
export interface DisputeNotice {
  readonly dispute: Dispute;
  /** The event as recorded: the subscription decides from it what a party may learn (libs/game/moderation's partyEventOf). */
  readonly event: DisputeEvent;
  readonly at: number;
}

/**
 * A sanction was imposed on an account (CQRS event on the EventBus). The seam other features consume:
 * tournaments disqualify a player when `disqualifying` (a ranked ban or a collusion mark).
 */
export class PlayerSanctioned {
  constructor(
    readonly account: string,
    readonly sanction: { readonly sanctionId: string; readonly kind: string; readonly until: number | null; readonly disqualifying: boolean },
  ) {}
}

/** A sanction was lifted (by a moderator, or because an appeal overturned its ruling). */
export class PlayerSanctionLifted {
  constructor(
    readonly account: string,
    readonly sanctionId: string,
  ) {}
}

/**
 * Follows moderation's streams from the store (so every instance hears every change, whoever wrote it):
 * dispute changes for the `moderationUpdated` subscription, sanctions for the EventBus.
 */
@Injectable()
export class ModerationNotices implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly disputes = new Subject<DisputeNotice>();
  private subscription: Subscription | null = null;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly runner: StreamRunner,
    private readonly events: EventBus,
  ) {}

  onApplicationBootstrap(): void {
    this.subscription = this.store.subscribeToAll({ from: 'end', filter: { streamPrefixes: [DISPUTES_STREAM_PREFIX, SANCTIONS_STREAM_PREFIX] } });
    void this.follow(this.subscription);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscription?.close();
    this.disputes.complete();
  }

  private async follow(subscription: Subscription): Promise<void> {
    try {
      for await (const message of subscription) if (message.kind === 'event') await this.heard(message.event);
    } catch {
      // The store closed under us (shutdown): nothing more to tell.
    }
  }

  private async heard(recorded: RecordedEvent): Promise<void> {
    const matchId = matchIdOfDisputes(recorded.streamName);
    const account = accountOfSanctions(recorded.streamName);
    if (account !== null) return this.sanction(account, { type: recorded.type, data: recorded.data } as SanctionEvent);
    if (matchId === null) return;
    const disputeId = (recorded.data as { disputeId?: unknown }).disputeId;
    const state = await this.runner.state(disputesModel(matchId));
    const dispute = state.disputes.find((d) => d.id === disputeId);
    if (dispute) this.disputes.next({ dispute, event: { type: recorded.type, data: recorded.data } as DisputeEvent, at: recorded.created.getTime() });
  }

  private sanction(account: string, event: SanctionEvent): void {
    if (event.type === 'SanctionImposed') {
      const { sanctionId, kind, until } = event.data;
      this.events.publish(new PlayerSanctioned(account, { sanctionId, kind, until, disqualifying: disqualifies({ kind }) }));
    } else if (event.type === 'SanctionLifted') {
      this.events.publish(new PlayerSanctionLifted(account, event.data.sanctionId));
    }
  }
}
