import { Inject, Injectable } from '@nestjs/common';
import type { MatchRecord } from '@liars-dice/game-match';
import { SERVER_SETTINGS, type ServerSettings } from '@liars-dice/server-platform';
import type { CommandOutcome } from './commands/handle-match-command';
import { LiveMatches } from './live-matches';
import { type Looker, sharedView, viewMatch } from './match-views';
import type { MatchView } from './graphql/match-view.types';

/** The match view read straight from the stream (read-your-writes); lists come from the read side. */
@Injectable()
export class MatchReader {
  constructor(
    private readonly matches: LiveMatches,
    @Inject(SERVER_SETTINGS) private readonly settings: Pick<ServerSettings, 'lobbyIdleSeconds' | 'lobbyIdleMaxSeconds'>,
  ) {}

  async view(matchId: string, looker: Looker | null): Promise<MatchView> {
    return viewMatch(await this.matches.load(matchId), looker, this.settings);
  }

  /** The view of a record LiveMatches announced (a live push), shared by the subscribers at one seat. */
  pushed(record: MatchRecord, looker: Looker | null): MatchView {
    return sharedView(record, looker, this.settings);
  }

  /**
   * The caller's view as the command left the match (the first result, for a repeated command id). The record
   * this process folded is the one its live views were pushed (LiveMatches.appended), so a caller who also
   * watches the match at that seat gets the view its push already built (`sharedView`) instead of a second one.
   */
  async afterCommand(outcome: CommandOutcome, looker: Looker | null): Promise<MatchView> {
    const known = outcome.record?.revision === outcome.revision ? outcome.record : undefined;
    return this.pushed(known ?? (await this.matches.at(outcome.matchId, outcome.revision)), looker);
  }
}
