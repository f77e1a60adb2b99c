import { Query, Resolver } from '@nestjs/graphql';
import { Player, type Principal } from '@liars-dice/server-auth';
import { readCounters } from '../../engine/counters';
import { ReadDatabase } from '../../read-connection';
import { TutorialProgressView } from './tutorial.types';
import { tutorialViews } from './tutorial.view';

@Resolver()
export class TutorialResolver {
  constructor(private readonly read: ReadDatabase) {}

  @Query(() => [TutorialProgressView], { description: "The caller's tutorial progress, per family and overall." })
  tutorialProgress(@Player() me: Principal): TutorialProgressView[] {
    return tutorialViews(readCounters(this.read.db, 'tutorial_progress', { account: me.id }));
  }
}
