import type { FairnessCommitment } from '@liars-dice/game-rules';
import type { Actor } from './actor';
import type { InactivitySettings } from './inactivity';
import type { LobbyIdleSettings } from './lobby-idle';
import type { MatchPlan } from './plan';
import type { AccountRef } from './vocabulary';

interface Command<Type extends string, Data> {
  readonly type: Type;
  readonly data: Readonly<Data>;
}

/** When the server received the command (epoch ms): time is an input, never read inside a decider. */
interface Timed {
  at: number;
}

/**
 * What moderation says of the account's ranked play, read by the server before it decides: until when it is
 * banned (or null), and the sanction id of a collusion mark in force (or null, held until a moderator lifts
 * it). A ranked table refuses it a seat while either holds.
 */
export interface Eligibility {
  rankedBanUntil?: number | null;
  collusionMark?: string | null;
}

/**
 * How many open casual lobbies the host hosts now, as the server knows them, and the most one account may
 * (`MAX_OPEN_LOBBIES`; 0: no cap).
 */
export interface HostedLobbies {
  hosted: number;
  max: number;
}

/**
 * A host opens a table. The seed is drawn outside (randomness is an input) and arrives sealed. `lobbyIdleMaxSeconds`
 * is the server's `LOBBY_IDLE_MAX_SECONDS`, the ceiling of the plan's `lobbyIdleSeconds` (absent: 30 days);
 * `hostedLobbies` caps a host's open lobbies (absent: no cap, as for a tournament's director).
 */
export type OpenMatch = Command<
  'OpenMatch',
  Timed &
    Eligibility & { matchId: string; host: AccountRef; plan: MatchPlan; fairness: FairnessCommitment; sealedSeed: string; lobbyIdleMaxSeconds?: number; hostedLobbies?: HostedLobbies }
>;
/** A particular free seat, or the first free one when `seat` is null. */
export type JoinMatch = Command<'JoinMatch', Timed & Eligibility & { account: AccountRef; seat: string | null }>;
export type StartMatch = Command<'StartMatch', Timed & { account: AccountRef }>;
/**
 * The host closes (cancels) the lobby before it starts; `admin`: the sender holds the admin role (read by the
 * server from the account), which may close any casual lobby too.
 */
export type CloseLobby = Command<'CloseLobby', Timed & { account: AccountRef; admin: boolean }>;
/**
 * From the lobby timer: nothing happened at the lobby since `idleSince` (epoch ms, the commit time of
 * its last command, as the timer read it). `settings` are the timer's server's `LOBBY_IDLE_SECONDS` and
 * `LOBBY_IDLE_MAX_SECONDS`, from which the timer armed it; the lobby expires once its idle time (the host's choice
 * capped by the ceiling, or the default: `lobbyIdleSecondsOf`) has passed since then. The decider keeps
 * no times nor settings, so both arrive with the command, and it works out the very time the timer did.
 */
export type ExpireLobby = Command<'ExpireLobby', Timed & { idleSince: number; settings: LobbyIdleSettings }>;
/**
 * Only a seated player leaves; the bot driver and the timer never do. A tournament's director takes out
 * `player`, who left its tournament (withdrawn or disqualified), from one of its tables.
 */
export type LeaveMatch = Command<'LeaveMatch', Timed & { actor: Actor; player?: AccountRef }>;
export type PlaceBid = Command<'PlaceBid', Timed & { actor: Actor; quantity: number; face: number }>;
export type CallLiar = Command<'CallLiar', Timed & { actor: Actor }>;
export type CallSpotOn = Command<'CallSpotOn', Timed & { actor: Actor }>;
/** From the turn timer: the player to act ran out of time. */
export type TimeOut = Command<'TimeOut', Timed>;
/**
 * From the inactivity timer: the started match took no command since `idleSince` (epoch ms, the commit time
 * of its last command, as the timer read it). `settings` are the timer's server's `MATCH_INACTIVITY_SECONDS` and
 * `MATCH_SOLO_INACTIVITY_SECONDS`; the decider works out whom the match waits on and for how long (`awaitedSeat`).
 */
export type ExpireInactivity = Command<'ExpireInactivity', Timed & { idleSince: number; settings: InactivitySettings }>;

/** Every command a match stream takes from outside; the house's rolls and pulls follow from them. */
export type TableCommand = OpenMatch | JoinMatch | StartMatch | CloseLobby | ExpireLobby | LeaveMatch | PlaceBid | CallLiar | CallSpotOn | TimeOut | ExpireInactivity;

/** A command as a sender builds it; the one who runs it stamps the time. */
export type Untimed<C extends TableCommand> = C extends TableCommand ? { readonly type: C['type']; readonly data: Readonly<Omit<C['data'], 'at'>> } : never;

/** The caller's own values of a command: what tells an exact retry from a reused command id. */
export function requestOf(command: Untimed<TableCommand>): Readonly<Record<string, unknown>> {
  switch (command.type) {
    case 'OpenMatch': {
      const { ruleset, options, seats, ranked, kind, tournament, lobbyIdleSeconds } = command.data.plan;
      // 0 and null both mean the server's default; absent keys read as null, so older fingerprints still match.
      return { ruleset, options, seats, ranked, kind, tournament: tournament ?? null, lobbyIdleSeconds: lobbyIdleSeconds || null };
    }
    case 'JoinMatch':
      return { seat: command.data.seat };
    case 'PlaceBid':
      return { quantity: command.data.quantity, face: command.data.face };
    default:
      // ExpireLobby too: replicas read a commit time a little apart, and each copy of `expire:<revision>` is one command.
      return {};
  }
}
