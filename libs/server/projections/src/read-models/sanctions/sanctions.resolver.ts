import { Args, Query, Resolver } from '@nestjs/graphql';
import { checkFirst, Clock, mapPage } from '@liars-dice/server-platform';
import { type Principal, Viewer } from '@liars-dice/server-auth';
import { ConsistentReads } from '../../feed/consistent-reads';
import { subjectFor } from '../moderator';
import { SanctionsQueries } from './sanctions.queries';
import { SanctionPage, SanctionsArgs } from './sanctions.types';
import { sanctionView } from './sanctions.view';

@Resolver()
export class SanctionsResolver {
  constructor(
    private readonly queries: SanctionsQueries,
    private readonly clock: Clock,
    private readonly reads: ConsistentReads,
  ) {}

  @Query(() => SanctionPage, { description: 'Sanctions, newest first: moderators anyone’s, players their own.' })
  async sanctions(@Viewer() viewer: Principal | null, @Args() { account, active, first, after, consistentAfter }: SanctionsArgs): Promise<SanctionPage> {
    const subject = subjectFor(viewer, account);
    checkFirst(first);
    await this.reads.reached(consistentAfter);
    const now = this.clock.now();
    return mapPage(this.queries.list(subject, active ? { now } : null, first, after ?? null), (row) => sanctionView(row, now));
  }
}
