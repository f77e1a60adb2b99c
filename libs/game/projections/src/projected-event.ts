import type { Face, MatchEvent, MatchOptions, Ruleset } from '@liars-dice/game-rules';

export type MatchKind = 'regular' | 'practice' | 'tutorial';

export interface AccountRef {
  readonly id: string;
  readonly name: string;
}

/**
 * The server's lobby and seat events, as far as the read side needs them. They are declared by the game
 * service (libs/server/matches, docs/events.md); libs/game may not import the server, so the fields read
 * here are restated structurally (extra fields, such as the sealed seed, are ignored and never copied).
 */
export type LobbyEvent =
  | {
      readonly type: 'MatchOpened';
      readonly data: {
        readonly matchId: string;
        readonly ruleset: Ruleset;
        readonly options: MatchOptions;
        readonly ranked: boolean;
        readonly kind: MatchKind;
        readonly host: AccountRef;
        readonly seats: readonly { readonly seat: string; readonly kind: 'human' | 'cpu' }[];
        readonly openedAt: number;
      };
    }
  | { readonly type: 'SeatTaken'; readonly data: { readonly seat: string; readonly account: AccountRef } }
  | { readonly type: 'SeatLeft'; readonly data: { readonly seat: string; readonly account: AccountRef } }
  | { readonly type: 'SeatHandedToCpu'; readonly data: { readonly seat: string; readonly previous: AccountRef } };

/**
 * Moderation events the read side already understands (the moderation issue appends them to `match-<id>`):
 * a dispute flags the match in the list; a void removes a ranked result from the ladder.
 */
export type ModerationEvent =
  | { readonly type: 'MatchDisputed'; readonly data: { readonly reason?: string } }
  | { readonly type: 'DisputeResolved'; readonly data: { readonly reason?: string } }
  | { readonly type: 'MatchVoided'; readonly data: { readonly reason?: string } };

export type ProjectableEvent = MatchEvent | LobbyEvent | ModerationEvent;

/** One stored event of a `match-<id>` stream as a reducer sees it: the event plus who, when and why. */
export interface ProjectedEvent<E extends ProjectableEvent = ProjectableEvent> {
  readonly matchId: string;
  /** 0-based index in the match's stream. */
  readonly index: number;
  readonly event: E;
  /** `account:<id>`, `cpu:<seat>`, `timer` or null (metadata.actor). */
  readonly actor: string | null;
  readonly commandId: string | null;
  /** Epoch milliseconds the writer recorded it. */
  readonly at: number;
}

const KNOWN = new Set<string>([
  'MatchOpened', 'SeatTaken', 'SeatLeft', 'SeatHandedToCpu', 'MatchDisputed', 'DisputeResolved', 'MatchVoided',
  'MatchCreated', 'RoundStarted', 'BidPlaced', 'LiarCalled', 'SpotOnCalled', 'TurnTimedOut', 'DieLost', 'DieRegained',
  'RevolverLoaded', 'TriggerPulled', 'PlayersEliminated', 'PlayerForfeited', 'RoundEnded', 'MatchFinished',
]);

/** Whether a stored type is one the read side folds (anything else in a match stream is ignored). */
export function isProjectable(event: { readonly type: string }): event is ProjectableEvent {
  return KNOWN.has(event.type);
}

export type Hands = Readonly<Record<string, readonly Face[]>>;
