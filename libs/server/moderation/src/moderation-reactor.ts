import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { EventStore, RecordedEvent } from '@liars-dice/event-store-port';
import type { AccountRef, ModerationEvent } from '@liars-dice/game-match';
import {
  DISPUTE_EVENT_TYPES,
  type DisputeEvent,
  type DisputesState,
  DISPUTES_STREAM_PREFIX,
  effectsOf,
  evolveDisputes,
  initialDisputesState,
  matchIdOfDisputes,
  type ModerationEffect,
} from '@liars-dice/game-moderation';
import { Clock, EVENT_STORE, Refusal } from '@liars-dice/server-platform';
import { MatchMarks } from './match-marks';
import { matchOfDispute, sanctionsModel } from './models';
import { StreamRunner } from './stream-runner';

type MatchEffect = Extract<ModerationEffect, { type: 'flag-match' | 'void-match' | 'resolve-match' | 'unvoid-match' }>;
type SanctionEffect = Extract<ModerationEffect, { type: 'impose-sanction' | 'lift-sanction' }>;

const DISPUTE_TYPES = new Set<string>(DISPUTE_EVENT_TYPES);

function markOf(effect: MatchEffect): ModerationEvent {
  switch (effect.type) {
    case 'flag-match':
      return { type: 'MatchDisputed', data: { disputeId: effect.disputeId, live: effect.live } };
    case 'void-match':
      return { type: 'MatchVoided', data: { disputeId: effect.disputeId, reason: effect.reason } };
    case 'resolve-match':
      return { type: 'DisputeResolved', data: { disputeId: effect.disputeId, outcome: effect.outcome } };
    case 'unvoid-match':
      return { type: 'MatchUnvoided', data: { disputeId: effect.disputeId, reason: effect.reason } };
  }
}

/** Who sent the event: every dispute event names its sender in its data. */
function senderOf(event: DisputeEvent): AccountRef {
  switch (event.type) {
    case 'DisputeFiled':
      return event.data.filer;
    case 'RulingAppealed':
      return event.data.player;
    default:
      return event.data.moderator;
  }
}

/**
 * Carries out what dispute events ask of other streams (libs/game/moderation `effectsOf`): marks on the match
 * stream (the void and the resolution of one ruling in one append) and sanctions on account streams. Every
 * effect has a key, so doing one twice changes nothing: after each command the effects run at once, and at
 * start-up a sweep over every disputes stream finishes what a crash may have left half done.
 */
@Injectable()
export class ModerationReactor implements OnApplicationBootstrap {
  private readonly logger = new Logger('ModerationReactor');

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly marks: MatchMarks,
    private readonly runner: StreamRunner,
    private readonly clock: Clock,
  ) {}

  onApplicationBootstrap(): void {
    void this.sweep().catch((error: unknown) => this.logger.error(`moderation sweep failed: ${error instanceof Error ? error.message : String(error)}`));
  }

  /** The effects of `events`, appended in this order to a match's disputes that stood at `before` (at `at`, or now). */
  async carryOut(before: DisputesState, events: readonly DisputeEvent[], at = this.clock.now()): Promise<void> {
    let state = before;
    for (const event of events) {
      await this.apply(effectsOf(state, event), senderOf(event), at);
      state = evolveDisputes(state, event);
    }
  }

  /** Every disputes stream from its first event: whatever is already done is skipped by its key. */
  async sweep(): Promise<number> {
    const recorded = await this.store.readAll({ filter: { streamPrefixes: [DISPUTES_STREAM_PREFIX] } });
    const byMatch = new Map<string, RecordedEvent[]>();
    for (const event of recorded) {
      const matchId = matchIdOfDisputes(event.streamName);
      if (matchId !== null && DISPUTE_TYPES.has(event.type)) byMatch.set(matchId, [...(byMatch.get(matchId) ?? []), event]);
    }
    for (const events of byMatch.values()) {
      const last = events.at(-1);
      await this.carryOut(initialDisputesState, events.map((e) => ({ type: e.type, data: e.data }) as DisputeEvent), last ? last.created.getTime() : 0);
    }
    return byMatch.size;
  }

  private async apply(effects: readonly ModerationEffect[], sender: AccountRef, at: number): Promise<void> {
    const onMatch = effects.filter((e): e is MatchEffect => e.type.endsWith('-match'));
    const first = onMatch[0];
    if (first) await this.marks.mark(first.matchId, { key: `moderation:${first.key}`, events: onMatch.map(markOf), sender, at });
    for (const effect of effects) if (effect.type === 'impose-sanction' || effect.type === 'lift-sanction') await this.sanction(effect);
  }

  private async sanction(effect: SanctionEffect): Promise<void> {
    const by = { ...effect.moderator, role: 'moderator' as const };
    const sent = { commandId: `moderation:${effect.key}`, actor: { kind: 'account' as const, ...effect.moderator }, command: effect.type, request: {}, machine: true };
    if (effect.type === 'lift-sanction') {
      const { sanctionId, reason, at } = effect;
      // A sanction that already ended, or that a moderator lifted first, needs no lifting.
      await this.runner.run(sanctionsModel(effect.account), sent, () => ({ type: 'LiftSanction' as const, data: { sanctionId, reason, by, at } })).catch((error: unknown) => {
        if (!(error instanceof Refusal && (error.code === 'SANCTION_ENDED' || error.code === 'ALREADY_LIFTED'))) throw error;
      });
      return;
    }
    const name = (await this.marks.names(matchOfDispute(effect.disputeId) ?? '')).get(effect.account) ?? effect.account;
    const { sanctionId, kind, days, reason, disputeId, at } = effect;
    await this.runner.run(sanctionsModel(effect.account), sent, () => ({
      type: 'ImposeSanction' as const,
      data: { sanctionId, account: { id: effect.account, name }, kind, days, reason, disputeId, by, at },
    }));
  }
}
