import { Injectable } from '@nestjs/common';
import { rankedBanUntil } from '@liars-dice/game-moderation';
import type { RankedEligibility } from '@liars-dice/server-matches';
import { Clock } from '@liars-dice/server-platform';
import { sanctionsModel } from './models';
import { StreamRunner } from './stream-runner';

/** The lobby's RankedEligibility: an account's ranked ban, read from its own sanctions stream (never a stale copy). */
@Injectable()
export class SanctionsEligibility implements RankedEligibility {
  constructor(
    private readonly runner: StreamRunner,
    private readonly clock: Clock,
  ) {}

  async rankedBanUntil(accountId: string): Promise<number | null> {
    return rankedBanUntil(await this.runner.state(sanctionsModel(accountId)), this.clock.now());
  }
}
