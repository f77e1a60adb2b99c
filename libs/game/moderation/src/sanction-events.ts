import type { Actor, AccountRef, SanctionKind } from './vocabulary';

interface Message<Type extends string, Data> {
  readonly type: Type;
  readonly data: Readonly<Data>;
}

/** `until` is when a ranked ban ends (null for warnings and marks); `disputeId` the ruling that ordered it. */
export type SanctionImposed = Message<
  'SanctionImposed',
  {
    sanctionId: string;
    account: AccountRef;
    kind: SanctionKind;
    days: number | null;
    until: number | null;
    reason: string;
    moderator: AccountRef;
    disputeId: string | null;
    at: number;
  }
>;
export type SanctionLifted = Message<'SanctionLifted', { sanctionId: string; moderator: AccountRef; reason: string; at: number }>;

/** Every event of a `sanctions-<accountId>` stream. */
export type SanctionEvent = SanctionImposed | SanctionLifted;
export const SANCTION_EVENT_TYPES: readonly SanctionEvent['type'][] = ['SanctionImposed', 'SanctionLifted'];

/** Imposed by a ruling taking effect (the server's reactor sends it with the ruling's moderator). */
export type ImposeSanction = Message<
  'ImposeSanction',
  { sanctionId: string; account: AccountRef; kind: unknown; days: unknown; reason: unknown; disputeId: string | null; by: Actor; at: number }
>;
export type LiftSanction = Message<'LiftSanction', { sanctionId: string; reason: unknown; by: Actor; at: number }>;
export type SanctionCommand = ImposeSanction | LiftSanction;
