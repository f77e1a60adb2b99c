import { Args, Query, Resolver } from '@nestjs/graphql';
import { Player, type Principal } from '@liars-dice/server-auth';
import { readCounters } from '../../engine/counters';
import { CONSISTENT_AFTER, ConsistentReads } from '../../feed/consistent-reads';
import { ReadDatabase } from '../../read-connection';
import { TutorialProgressView } from './tutorial.types';
import { tutorialViews } from './tutorial.view';

@Resolver()
export class TutorialResolver {
  constructor(
    private readonly read: ReadDatabase,
    private readonly reads: ConsistentReads,
  ) {}

  @Query(() => [TutorialProgressView], { description: "The caller's tutorial progress, per family and overall." })
  async tutorialProgress(
    @Player() me: Principal,
    @Args('consistentAfter', { type: () => String, ...CONSISTENT_AFTER }) consistentAfter: string | null,
  ): Promise<TutorialProgressView[]> {
    await this.reads.reached(consistentAfter);
    return tutorialViews(readCounters(this.read.db, 'tutorial_progress', { account: me.id }));
  }
}
