import type { FairnessCommitment } from './events';
import type { PlayerId } from './vocabulary';

interface Command<Type extends string, Data> {
  readonly type: Type;
  readonly data: Readonly<Data>;
}

/**
 * `at` (milliseconds since the epoch) is when the caller received the command; with a turn timer it fixes
 * the recorded deadline. Time is an input: the engine never reads a clock.
 */
interface Timed {
  at?: number;
}

export type CreateMatch = Command<
  'CreateMatch',
  {
    matchId: string;
    ruleset: string;
    options?: unknown;
    players: readonly PlayerId[];
    starter?: PlayerId;
    fairness?: FairnessCommitment | null;
  }
>;
/** The house's roll for the round about to start: one array per player still in, as long as their dice. */
export type RollDice = Command<'RollDice', Timed & { dice: Readonly<Record<PlayerId, readonly number[]>> }>;
export type PlaceBid = Command<'PlaceBid', Timed & { by: PlayerId; quantity: number; face: number }>;
export type CallLiar = Command<'CallLiar', Timed & { by: PlayerId }>;
export type CallSpotOn = Command<'CallSpotOn', Timed & { by: PlayerId }>;
/** The player to act ran out of time. With `at`, it is refused before the recorded deadline. */
export type TimeOut = Command<'TimeOut', Timed & { player: PlayerId }>;
/** The chamber (1–6) the spun cylinder stopped at, for the next trigger pull that is due. */
export type PullTrigger = Command<'PullTrigger', Timed & { chamber: number }>;
/** A player leaves for good: out at once, placed below everyone still in; the current round is void. */
export type Forfeit = Command<'Forfeit', Timed & { player: PlayerId }>;

export type MatchCommand = CreateMatch | RollDice | PlaceBid | CallLiar | CallSpotOn | TimeOut | PullTrigger | Forfeit;
