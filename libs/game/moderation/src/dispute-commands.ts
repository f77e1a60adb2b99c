import type { DisputedMatch } from './dispute-events';
import type { ModerationPolicy } from './policy';
import type { Actor } from './vocabulary';

interface Command<Type extends string, Data> {
  readonly type: Type;
  readonly data: Readonly<Data>;
}

/** `at` is when the server received the command (its clock): time is an input, never read here. */
interface Sent {
  readonly by: Actor;
  readonly at: number;
}

/** The match as the server sees it now: who played, whether it has finished, how many replay steps it has. */
export interface MatchFacts extends DisputedMatch {
  readonly matchId: string;
  readonly started: boolean;
  readonly steps: number;
}

export type FileDispute = Command<
  'FileDispute',
  Sent & { match: MatchFacts; category: unknown; text: unknown; steps: unknown; policy: ModerationPolicy }
>;
/** `expectedRevision`: the dispute's revision the moderator saw; a claim on anything newer is refused. */
export type ClaimDispute = Command<'ClaimDispute', Sent & { disputeId: string; expectedRevision?: number }>;
export type ReleaseDispute = Command<'ReleaseDispute', Sent & { disputeId: string }>;
export type AddNote = Command<'AddNote', Sent & { disputeId: string; text: unknown }>;
export type RuleDispute = Command<
  'RuleDispute',
  Sent & { disputeId: string; action: unknown; reason: unknown; sanctions: unknown; policy: ModerationPolicy }
>;
export type ConfirmRuling = Command<'ConfirmRuling', Sent & { disputeId: string }>;
export type RejectRuling = Command<'RejectRuling', Sent & { disputeId: string; reason: unknown }>;
export type AppealRuling = Command<'AppealRuling', Sent & { disputeId: string; text: unknown; policy: ModerationPolicy }>;
export type DecideAppeal = Command<'DecideAppeal', Sent & { disputeId: string; decision: unknown; reason: unknown }>;

export type DisputeCommand =
  | FileDispute
  | ClaimDispute
  | ReleaseDispute
  | AddNote
  | RuleDispute
  | ConfirmRuling
  | RejectRuling
  | AppealRuling
  | DecideAppeal;
