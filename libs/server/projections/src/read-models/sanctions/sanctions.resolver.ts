import { Args, Query, Resolver } from '@nestjs/graphql';
import { checkFirst, Clock, mapPage } from '@liars-dice/server-platform';
import { type Principal, Viewer } from '@liars-dice/server-auth';
import { subjectFor } from '../moderator';
import { SanctionsQueries } from './sanctions.queries';
import { SanctionPage, SanctionsArgs } from './sanctions.types';
import { sanctionView } from './sanctions.view';

@Resolver()
export class SanctionsResolver {
  constructor(
    private readonly queries: SanctionsQueries,
    private readonly clock: Clock,
  ) {}

  @Query(() => SanctionPage, { description: 'Sanctions, newest first: moderators anyone’s, players their own.' })
  sanctions(@Viewer() viewer: Principal | null, @Args() { account, active, first, after }: SanctionsArgs): SanctionPage {
    const subject = subjectFor(viewer, account);
    checkFirst(first);
    const now = this.clock.now();
    return mapPage(this.queries.list(subject, active ? { now } : null, first, after ?? null), (row) => sanctionView(row, now));
  }
}
