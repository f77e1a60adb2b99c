import { Args, Query, Resolver } from '@nestjs/graphql';
import { checkFirst, mapPage } from '@liars-dice/server-platform';
import { type Principal, Viewer } from '@liars-dice/server-auth';
import { iso } from '../iso-time';
import { subjectFor } from '../moderator';
import { ModerationLogQueries } from './moderation-log.queries';
import { ModerationLogArgs, ModerationLogPage } from './moderation-log.types';

@Resolver()
export class ModerationLogResolver {
  constructor(private readonly queries: ModerationLogQueries) {}

  @Query(() => ModerationLogPage, { description: 'Every moderator action, newest first (append-only): moderators and admins see all, players the entries about them.' })
  moderationLog(@Viewer() viewer: Principal | null, @Args() { account, first, after }: ModerationLogArgs): ModerationLogPage {
    const about = subjectFor(viewer, account);
    checkFirst(first, 200);
    return mapPage(this.queries.entries(about, first, after ?? null), (row) => ({
      at: iso(row.at) as string,
      moderator: { id: row.moderator_id, name: row.moderator_name },
      action: row.action,
      disputeId: row.dispute_id,
      matchId: row.match_id,
      sanctionId: row.sanction_id,
      reason: row.reason,
      details: row.details,
    }));
  }
}
