import { Args, Query, Resolver } from '@nestjs/graphql';
import { checkFirst, Refusal } from '@liars-dice/server-platform';
import { type Principal, Viewer } from '@liars-dice/server-auth';
import { ConsistentReads } from '../../feed/consistent-reads';
import { isModerator } from '../moderator';
import { AuditQueries } from './audit.queries';
import type { MatchFacts } from '@liars-dice/game-projections';
import { AuditArgs, AuditAudienceName, AuditTrailView, ReplayArgs, ReplayWindowView } from './audit.types';
import { replayStepView, replayViewer } from './replay-access';

/** A match's audit trail (moderators see every hand of finished matches) and its replay, built per viewer (replay-access.ts). */
@Resolver()
export class AuditResolver {
  constructor(
    private readonly queries: AuditQueries,
    private readonly reads: ConsistentReads,
  ) {}

  @Query(() => AuditTrailView, { description: 'Every event of a match with actor, time, command id and rule outcome.' })
  async matchAudit(@Viewer() viewer: Principal | null, @Args() { id, audience, first, after, consistentAfter }: AuditArgs): Promise<AuditTrailView> {
    checkFirst(first, 5000);
    if (audience === AuditAudienceName.MODERATOR && !isModerator(viewer)) throw new Refusal('FORBIDDEN', 'audience: moderators only');
    await this.reads.reached(consistentAfter);
    const trail = this.queries.audit(id, audience, first, after ?? null);
    if (!trail) throw new Refusal('NOT_FOUND', `id: no match ${id}`, 'id');
    const entries = trail.entries.map((e) => ({ ...e, at: new Date(e.at).toISOString(), data: JSON.stringify(e.data) }));
    return { matchId: id, audience, redacted: trail.redacted, total: trail.total, entries };
  }

  @Query(() => ReplayWindowView, {
    description:
      'The match after each engine event (steps from..from+count-1), built for the view asked for; revisions, actors and command ids for moderators and admins only.',
  })
  async matchReplay(
    @Viewer() viewer: Principal | null,
    @Args() { id, from, count, full, seat, history, consistentAfter }: ReplayArgs,
  ): Promise<ReplayWindowView> {
    checkFirst(count, 1000, 'count');
    if (from < 0) throw new Refusal('BAD_USER_INPUT', 'from: 0 or more', 'from');
    await this.reads.reached(consistentAfter);
    const choose = (facts: MatchFacts) => replayViewer(facts, viewer, { full, seat: seat ?? null });
    const window = this.queries.replay(id, choose, { from, count, history });
    if (!window) throw new Refusal('NOT_FOUND', `id: no match ${id}`, 'id');
    const steps = window.steps.map((s) => replayStepView(s, viewer));
    const shown = window.viewer;
    return { matchId: id, total: window.total, full: shown.kind === 'full', seat: shown.kind === 'seat' ? shown.seat : null, steps };
  }
}
