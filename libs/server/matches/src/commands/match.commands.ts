// The bus's match commands: what a sender asks, as plain data. Each has its own handler (lobby.handlers.ts,
// play.handlers.ts, house.handlers.ts), which says what that asks of the match's decider.
import { Command } from '@nestjs/cqrs';
import type {
  AccountRef,
  Actor,
  InactivitySettings,
  LobbyIdleSettings,
  MatchPlan,
  TableCommand,
  Untimed,
} from '@liars-dice/game-match';
import type { CommandOutcome } from './handle-match-command';

/** Which match, which client command, who sends it, and (machine senders) the revision they decided on. */
export interface CommandTarget {
  readonly matchId: string;
  readonly commandId: string;
  readonly actor: Actor;
  /** Bot driver and timer only: a later revision makes the command a no-op. */
  readonly seenRevision?: bigint;
}

const actorOf = (account: AccountRef): Actor => ({ kind: 'account', id: account.id, name: account.name });

/** Opens a table; its handler draws the seed and derives the match id (CreateMatchHandler). */
export class CreateMatchCommand extends Command<CommandOutcome> {
  constructor(
    readonly host: AccountRef,
    readonly commandId: string,
    readonly plan: MatchPlan,
  ) {
    super();
  }
}

export class JoinMatchCommand extends Command<CommandOutcome> {
  readonly target: CommandTarget;

  constructor(
    readonly account: AccountRef,
    commandId: string,
    matchId: string,
    /** A particular free seat, or the first free one. */
    readonly seat: string | null,
  ) {
    super();
    this.target = { matchId, commandId, actor: actorOf(account) };
  }
}

export class StartMatchCommand extends Command<CommandOutcome> {
  readonly target: CommandTarget;

  constructor(
    readonly account: AccountRef,
    commandId: string,
    matchId: string,
  ) {
    super();
    this.target = { matchId, commandId, actor: actorOf(account) };
  }
}

/** The host (or an admin: `admin`, read from the account's role) closes a lobby before it starts. */
export class CloseLobbyCommand extends Command<CommandOutcome> {
  readonly target: CommandTarget;

  constructor(
    readonly account: AccountRef,
    commandId: string,
    matchId: string,
    readonly admin: boolean,
  ) {
    super();
    this.target = { matchId, commandId, actor: actorOf(account) };
  }
}

/** The commands whose whole content is their sender: leaving, calling liar, calling spot-on. */
abstract class SenderOnlyCommand extends Command<CommandOutcome> {
  constructor(readonly target: CommandTarget) {
    super();
  }
}

export class LeaveMatchCommand extends SenderOnlyCommand {}

export class CallLiarCommand extends SenderOnlyCommand {}

export class CallSpotOnCommand extends SenderOnlyCommand {}

export class PlaceBidCommand extends Command<CommandOutcome> {
  constructor(
    readonly target: CommandTarget,
    readonly quantity: number,
    readonly face: number,
  ) {
    super();
  }
}

/**
 * Opens a tournament table's match under the id its tournament gives it (deterministic: a second open of the
 * same table finds the stream taken); its handler draws the seed. `actor` is the tournament's director.
 */
export class OpenTableMatchCommand extends Command<CommandOutcome> {
  constructor(
    readonly matchId: string,
    readonly host: AccountRef,
    readonly plan: MatchPlan,
    readonly actor: Actor,
  ) {
    super();
  }
}

/** A tournament director's command on one of its tables' matches: start it, take a leaver out. */
export class DirectTableCommand extends Command<CommandOutcome> {
  constructor(
    readonly target: CommandTarget,
    readonly command: Untimed<TableCommand>,
  ) {
    super();
  }
}

/** From the turn timer: the player to act at `seenRevision` ran out of time. */
export class TimeOutCommand extends Command<CommandOutcome> {
  readonly target: CommandTarget;

  constructor(
    readonly matchId: string,
    readonly seenRevision: bigint,
  ) {
    super();
    this.target = { matchId, commandId: `timeout:${seenRevision}`, actor: { kind: 'timer' }, seenRevision };
  }
}

/**
 * From the lobby timer: the lobby at `seenRevision`, whose last command the store committed at `idleSince`, has
 * been idle its idle time, which the decider works out from the table's choice and the `settings` the timer armed
 * it with (the server's `LOBBY_IDLE_SECONDS` and `LOBBY_IDLE_MAX_SECONDS`). Any command there since makes it a
 * no-op (the revision moved on).
 */
export class ExpireLobbyCommand extends Command<CommandOutcome> {
  readonly target: CommandTarget;

  constructor(
    readonly matchId: string,
    readonly seenRevision: bigint,
    readonly idleSince: number,
    readonly settings: LobbyIdleSettings,
  ) {
    super();
    this.target = { matchId, commandId: `expire:${seenRevision}`, actor: { kind: 'timer' }, seenRevision };
  }
}

/**
 * From the inactivity timer: the started match at `seenRevision`, whose last command the store committed
 * at `idleSince`, has waited on a person for the limit the decider works out from the table and the `settings` the
 * timer armed it with (the server's `MATCH_INACTIVITY_SECONDS` and `MATCH_SOLO_INACTIVITY_SECONDS`). Any command
 * there since makes it a no-op (the revision moved on).
 */
export class ExpireInactivityCommand extends Command<CommandOutcome> {
  readonly target: CommandTarget;

  constructor(
    readonly matchId: string,
    readonly seenRevision: bigint,
    readonly idleSince: number,
    readonly settings: InactivitySettings,
  ) {
    super();
    this.target = { matchId, commandId: `inactive:${seenRevision}`, actor: { kind: 'timer' }, seenRevision };
  }
}
