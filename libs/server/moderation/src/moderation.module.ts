import { Global, Module } from '@nestjs/common';
import { AuthModule } from '@liars-dice/server-auth';
import { RANKED_ELIGIBILITY } from '@liars-dice/server-matches';
import { DisputeDesk } from './dispute-desk';
import { DisputeViews } from './dispute-views';
import { MatchMarks } from './match-marks';
import { MODERATION_HANDLERS } from './moderation.commands';
import { ModerationNotices } from './moderation-notices';
import { ModerationReactor } from './moderation-reactor';
import { ModerationResolver } from './moderation.resolver';
import { SanctionDesk } from './sanction-desk';
import { SanctionsEligibility } from './sanctions-eligibility';
import { StreamRunner } from './stream-runner';

/**
 * Moderation's write side. Global because the lobby (MatchesModule) asks it whether an account may play
 * ranked (RANKED_ELIGIBILITY), and other features may follow its notices. Needs EVENT_STORE, SERVER_SETTINGS,
 * the Clock, the platform's command bus and the read side's moderation queries (ProjectionsModule).
 */
@Global()
@Module({
  imports: [AuthModule],
  providers: [
    StreamRunner,
    MatchMarks,
    ModerationReactor,
    DisputeDesk,
    DisputeViews,
    SanctionDesk,
    ...MODERATION_HANDLERS,
    ModerationNotices,
    ModerationResolver,
    SanctionsEligibility,
    { provide: RANKED_ELIGIBILITY, useExisting: SanctionsEligibility },
  ],
  exports: [RANKED_ELIGIBILITY, ModerationNotices],
})
export class ModerationModule {}
