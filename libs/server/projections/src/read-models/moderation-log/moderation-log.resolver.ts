import { Args, Query, Resolver } from '@nestjs/graphql';
import { checkFirst, iso, mapPage } from '@liars-dice/server-platform';
import { type Principal, Viewer } from '@liars-dice/server-auth';
import { ConsistentReads } from '../../feed/consistent-reads';
import { isModerator, subjectFor } from '../moderator';
import { ModerationLogQueries } from './moderation-log.queries';
import { ModerationLogArgs, ModerationLogPage } from './moderation-log.types';

@Resolver()
export class ModerationLogResolver {
  constructor(
    private readonly queries: ModerationLogQueries,
    private readonly reads: ConsistentReads,
  ) {}

  @Query(() => ModerationLogPage, { description: 'Every moderator action, newest first (append-only): moderators and admins see all, players the entries about them.' })
  async moderationLog(@Viewer() viewer: Principal | null, @Args() { account, first, after, consistentAfter }: ModerationLogArgs): Promise<ModerationLogPage> {
    const about = subjectFor(viewer, account);
    checkFirst(first, 200);
    await this.reads.reached(consistentAfter);
    const player = isModerator(viewer) ? null : about;
    return mapPage(this.queries.entries(about, first, after ?? null), (row) => ({
      at: iso(row.at) as string,
      moderator: { id: row.moderator_id, name: row.moderator_name },
      action: row.action,
      disputeId: row.dispute_id,
      matchId: row.match_id,
      sanctionId: row.sanction_id,
      reason: row.reason,
      details: player === null ? row.details : ownDetails(row.details, player),
    }));
  }
}

/**
 * A ruling's entry names every sanction it ordered; a player reads only their own among them, as in their
 * dispute outcomes (another account's sanctions are that account's and the moderators' business).
 */
function ownDetails(details: string, player: string): string {
  const parsed = JSON.parse(details) as { sanctions?: { account?: unknown }[] };
  if (!Array.isArray(parsed.sanctions)) return details;
  return JSON.stringify({ ...parsed, sanctions: parsed.sanctions.filter((s) => s.account === player) });
}
