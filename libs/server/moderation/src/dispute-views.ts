import { Injectable } from '@nestjs/common';
import type { Dispute } from '@liars-dice/game-moderation';
import { Clock } from '@liars-dice/server-platform';
import { CollusionQueries, DisputesQueries, type DisputeView, disputeView, pairSignalsView } from '@liars-dice/server-projections';

/** The moderators' view of a dispute the write side just decided: its score and its players' signals from the read side. */
@Injectable()
export class DisputeViews {
  constructor(
    private readonly disputes: DisputesQueries,
    private readonly collusion: CollusionQueries,
    private readonly clock: Clock,
  ) {}

  view(dispute: Dispute): DisputeView {
    return disputeView(dispute, this.disputes.score(dispute, this.clock.now()), this.collusion.among(dispute.players).map(pairSignalsView));
  }

  now(): number {
    return this.clock.now();
  }
}
