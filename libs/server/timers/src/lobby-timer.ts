import { Inject, Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Clock, SERVER_SETTINGS, type ServerSettings } from '@liars-dice/server-platform';
import { commitTimeOf, ExpireLobbyCommand, lobbyExpiresAt, lobbyIdleSecondsFor, LiveMatches } from '@liars-dice/server-matches';
import type { MatchRecord } from '@liars-dice/game-match';
import { DeadlineTimer } from './deadline-timer';

/**
 * Expires an idle casual lobby (ADR 0048): armed at every command a lobby takes, from the moment the store
 * committed it plus the lobby's idle time (its host's choice capped by `LOBBY_IDLE_MAX_SECONDS`, or the default
 * `LOBBY_IDLE_SECONDS`: the choice is read from the record, so replicas with the same settings arm the same
 * time); any later command re-arms it, and one that lands while its ExpireLobby is on the way makes that a no-op
 * (fenced by the revision it saw). After a restart the LiveMatches's catch-up re-arms every lobby from its last
 * commit, so a lobby idle past its time expires right after start-up, once. Tournament tables are never armed:
 * their tournament seats, starts or drops them. `LOBBY_IDLE_SECONDS=0` arms only the lobbies whose host chose an
 * idle time.
 */
@Injectable()
export class LobbyTimer extends DeadlineTimer {
  protected readonly logger = new Logger(LobbyTimer.name);
  protected readonly job = 'lobby expiry';
  protected readonly earlyCode = 'LOBBY_NOT_IDLE';

  constructor(matches: LiveMatches, commandBus: CommandBus, clock: Clock, @Inject(SERVER_SETTINGS) settings: ServerSettings) {
    super(matches, commandBus, clock, settings);
  }

  /** From the store's commit of the lobby's last command; a record without one (none is expected) counts from now. */
  protected deadlineOf(record: MatchRecord): number | null {
    return lobbyExpiresAt(record, this.settings, commitTimeOf(record) ?? this.clock.now());
  }

  protected commandFor(record: MatchRecord, deadline: number): ExpireLobbyCommand {
    // Armed, so the record has an idle time; the command carries the settings it was armed with, so the decider
    // works out the same time from the same table and the same two numbers.
    const idleMs = (lobbyIdleSecondsFor(record, this.settings) ?? 0) * 1000;
    return new ExpireLobbyCommand(record.table.matchId, record.revision, deadline - idleMs, this.settings);
  }
}
