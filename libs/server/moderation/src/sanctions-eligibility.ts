import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { collusionMark, rankedBanUntil, type SanctionsState } from '@liars-dice/game-moderation';
import type { RankedEligibility, RankedStanding } from '@liars-dice/server-matches';
import { Clock } from '@liars-dice/server-platform';
import { sanctionsModel } from './models';
import { type FoldedState, StreamRunner } from './stream-runner';

/** Accounts whose sanctions fold is kept (the least recently checked leave first): a few KiB at most each. */
const CACHE_LIMIT = 10_000;

/**
 * The lobby's and tournaments' RankedEligibility, read from the account's own sanctions stream at every check
 * (never a stale copy: a ban given on another replica a moment ago counts). What is kept is only the fold: each
 * check reads the events past the revision folded, which is none almost always, and an account without
 * sanctions (most) reads as absent without an error being built (docs/adr/0026).
 */
@Injectable()
export class SanctionsEligibility implements RankedEligibility {
  private readonly folded = new LRUCache<string, FoldedState<SanctionsState>>({ max: CACHE_LIMIT });

  constructor(
    private readonly runner: StreamRunner,
    private readonly clock: Clock,
  ) {}

  /** The ban and the mark from the same fold, at the same instant: one read of the stream per check. */
  async rankedStanding(accountId: string): Promise<RankedStanding> {
    const state = await this.sanctions(accountId);
    const now = this.clock.now();
    return { rankedBanUntil: rankedBanUntil(state, now), collusionMark: collusionMark(state, now)?.sanctionId ?? null };
  }

  private async sanctions(accountId: string): Promise<SanctionsState> {
    const now = await this.runner.stateSince(sanctionsModel(accountId), this.folded.get(accountId) ?? null);
    // Absent streams are not kept (nothing to save on them).
    if (now.revision !== null) this.folded.set(accountId, now);
    else this.folded.delete(accountId);
    return now.state;
  }
}
