import { Injectable } from '@nestjs/common';
import type { CommandOutcome } from './match-command-runner';
import { MatchRepository } from './match-repository';
import { type Looker, sharedView, viewMatch } from './match-views';
import type { MatchView } from './graphql/match-view.types';

/** The match view read straight from the stream (read-your-writes); lists come from the read side. */
@Injectable()
export class MatchReader {
  constructor(private readonly repository: MatchRepository) {}

  async view(matchId: string, looker: Looker | null): Promise<MatchView> {
    return viewMatch(await this.repository.load(matchId), looker);
  }

  /**
   * The caller's view as the command left the match (the first result, for a repeated command id). The record
   * this process folded is the one its live views were pushed (MatchCatalog.appendedHere), so a caller who also
   * watches the match at that seat gets the view its push already built (`sharedView`) instead of a second one.
   */
  async afterCommand(outcome: CommandOutcome, looker: Looker | null): Promise<MatchView> {
    const known = outcome.record?.revision === outcome.revision ? outcome.record : undefined;
    return sharedView(known ?? (await this.repository.at(outcome.matchId, outcome.revision)), looker);
  }
}
