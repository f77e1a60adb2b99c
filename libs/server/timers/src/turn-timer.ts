import { Inject, Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Clock, SERVER_SETTINGS, type ServerSettings } from '@liars-dice/server-platform';
import { LiveMatches, TimeOutCommand } from '@liars-dice/server-matches';
import type { MatchRecord } from '@liars-dice/game-match';
import { DeadlineTimer } from './deadline-timer';

/**
 * Fires the engine's TimeOut when a recorded turn deadline passes (the deadline is in the events: `turnDeadline`).
 * The engine refuses a TimeOut before the deadline by its own clock with TURN_NOT_EXPIRED: armed again.
 */
@Injectable()
export class TurnTimer extends DeadlineTimer {
  protected readonly logger = new Logger(TurnTimer.name);
  protected readonly job = 'timeout';
  protected readonly earlyCode = 'TURN_NOT_EXPIRED';

  constructor(matches: LiveMatches, commandBus: CommandBus, clock: Clock, @Inject(SERVER_SETTINGS) settings: ServerSettings) {
    super(matches, commandBus, clock, settings);
  }

  protected deadlineOf({ game }: MatchRecord): number | null {
    return game.status === 'bidding' ? game.turnDeadline : null;
  }

  protected commandFor(record: MatchRecord): TimeOutCommand {
    return new TimeOutCommand(record.table.matchId, record.revision);
  }
}
