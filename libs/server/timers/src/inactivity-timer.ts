import { Inject, Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Clock, SERVER_SETTINGS, type ServerSettings } from '@liars-dice/server-platform';
import { commitTimeOf, ExpireInactivityCommand, LiveMatches } from '@liars-dice/server-matches';
import { awaitedSeat, inactivityExpiry, type MatchRecord } from '@liars-dice/game-match';
import { DeadlineTimer } from './deadline-timer';

/**
 * Counts a person absent from a started match nobody plays on (ADR 0072): armed at every command a match without a
 * turn timer takes while it waits on a person (`awaitedSeat`, the decider's own rule), from the moment the store
 * committed it plus `MATCH_INACTIVITY_SECONDS` (or `MATCH_SOLO_INACTIVITY_SECONDS` when only CPUs wait on them).
 * Any later command re-arms it or, on a CPU's turn or once the match ends, disarms it; one that lands while its
 * ExpireInactivity is on the way makes that a no-op (fenced by the revision it saw). After a restart the
 * LiveMatches's catch-up re-arms every match from its last commit, so an absence that came due while the server
 * was down is decided right after start-up, once.
 */
@Injectable()
export class InactivityTimer extends DeadlineTimer {
  protected readonly logger = new Logger(InactivityTimer.name);
  protected readonly job = 'inactivity expiry';
  protected readonly earlyCode = 'MATCH_NOT_IDLE';

  constructor(matches: LiveMatches, commandBus: CommandBus, clock: Clock, @Inject(SERVER_SETTINGS) settings: ServerSettings) {
    super(matches, commandBus, clock, settings);
  }

  /** From the store's commit of the match's last command; a record without one (none is expected) counts from now. */
  protected deadlineOf(record: MatchRecord): number | null {
    const awaited = awaitedSeat(record, this.settings);
    return awaited ? inactivityExpiry(commitTimeOf(record) ?? this.clock.now(), awaited.idleSeconds) : null;
  }

  protected commandFor(record: MatchRecord, deadline: number): ExpireInactivityCommand {
    // Armed, so the match waits on someone; the command carries the settings it was armed with, so the decider
    // finds the same limit from the same table and the same two numbers.
    const idleMs = (awaitedSeat(record, this.settings)?.idleSeconds ?? 0) * 1000;
    return new ExpireInactivityCommand(record.table.matchId, record.revision, deadline - idleMs, this.settings);
  }
}
