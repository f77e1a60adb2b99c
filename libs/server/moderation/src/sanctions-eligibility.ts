import { Injectable } from '@nestjs/common';
import { collusionMark, rankedBanUntil } from '@liars-dice/game-moderation';
import type { RankedEligibility } from '@liars-dice/server-matches';
import { Clock } from '@liars-dice/server-platform';
import { sanctionsModel } from './models';
import { StreamRunner } from './stream-runner';

/** The lobby's and tournaments' RankedEligibility, read from the account's own sanctions stream (never a stale copy). */
@Injectable()
export class SanctionsEligibility implements RankedEligibility {
  constructor(
    private readonly runner: StreamRunner,
    private readonly clock: Clock,
  ) {}

  async rankedBanUntil(accountId: string): Promise<number | null> {
    return rankedBanUntil(await this.runner.state(sanctionsModel(accountId)), this.clock.now());
  }

  async collusionMark(accountId: string): Promise<string | null> {
    return collusionMark(await this.runner.state(sanctionsModel(accountId)), this.clock.now())?.sanctionId ?? null;
  }
}
