import { Args, ID, Query, Resolver } from '@nestjs/graphql';
import { checkFirst, Clock, mapPage, Refusal } from '@liars-dice/server-platform';
import { type Principal, Viewer } from '@liars-dice/server-auth';
import { DISPUTE_STATUSES, type DisputeStatus } from '@liars-dice/game-moderation';
import { CONSISTENT_AFTER, ConsistentReads } from '../../feed/consistent-reads';
import { CollusionQueries } from '../collusion/collusion.queries';
import { pairSignalsView } from '../collusion/collusion.view';
import { isModerator, requireModerator, subjectFor } from '../moderator';
import { DisputesQueries } from './disputes.queries';
import { DisputeOutcomePage, DisputePage, DisputesArgs, DisputeView, OutcomesArgs } from './disputes.types';
import { disputeSummaryView, disputeView, outcomeView } from './disputes.view';

/** The moderators' queue and dispute view, and each party's outcomes. */
@Resolver()
export class DisputesResolver {
  constructor(
    private readonly queries: DisputesQueries,
    private readonly collusion: CollusionQueries,
    private readonly clock: Clock,
    private readonly reads: ConsistentReads,
  ) {}

  @Query(() => DisputePage, { description: 'Moderators: disputes in these statuses, highest queue score first (docs/moderation.md).' })
  async disputes(@Viewer() viewer: Principal | null, @Args() { status, first, after, consistentAfter }: DisputesArgs): Promise<DisputePage> {
    requireModerator(viewer);
    checkFirst(first);
    if (status.length === 0) throw new Refusal('BAD_USER_INPUT', 'status: at least one', 'status');
    const statuses = status.filter((s): s is DisputeStatus => (DISPUTE_STATUSES as readonly string[]).includes(s));
    await this.reads.reached(consistentAfter);
    return mapPage(this.queries.queue(statuses, this.clock.now(), first, after ?? null), ({ dispute, score }) => disputeSummaryView(dispute, score));
  }

  @Query(() => DisputeView, { description: 'Moderators: one dispute with its filings, notes, ruling, appeal and its players’ collusion signals.' })
  async dispute(
    @Viewer() viewer: Principal | null,
    @Args('id', { type: () => ID }) id: string,
    @Args('consistentAfter', { type: () => String, ...CONSISTENT_AFTER }) consistentAfter: string | null,
  ): Promise<DisputeView> {
    requireModerator(viewer);
    await this.reads.reached(consistentAfter);
    return this.view(id);
  }

  @Query(() => DisputeOutcomePage, { description: 'The outcomes of the disputes you filed or a ruling touches you in (moderators: anyone’s).' })
  async disputeOutcomes(@Viewer() viewer: Principal | null, @Args() { account, first, after, consistentAfter }: OutcomesArgs): Promise<DisputeOutcomePage> {
    const subject = subjectFor(viewer, account);
    checkFirst(first);
    await this.reads.reached(consistentAfter);
    // A moderator sees every sanction of a ruling; a player only their own.
    const looking = isModerator(viewer) ? null : (viewer?.id ?? '');
    return mapPage(this.queries.outcomesFor(subject ?? viewer?.id ?? '', first, after ?? null), (dispute) => outcomeView(dispute, looking));
  }

  /** The moderators' view of one dispute, as the read side holds it now. */
  view(id: string): DisputeView {
    const dispute = this.queries.find(id);
    if (!dispute) throw new Refusal('NOT_FOUND', `id: no dispute ${id}`, 'id');
    return disputeView(dispute, this.queries.score(dispute, this.clock.now()), this.collusion.among(dispute.players).map(pairSignalsView));
  }
}
