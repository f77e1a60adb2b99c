import { decideDispute } from '../decide-dispute';
import type { DisputeCommand, MatchFacts } from '../dispute-commands';
import type { DisputeEvent } from '../dispute-events';
import { type DisputesState, initialDisputesState } from '../dispute-state';
import { evolveDisputes } from '../evolve-dispute';
import { ModerationViolation } from '../moderation-violation';
import { DEFAULT_POLICY, type ModerationPolicy } from '../policy';
import type { Actor } from '../vocabulary';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

const actor = (id: string, role: Actor['role']): Actor => ({ id, name: id[0]?.toUpperCase() + id.slice(1), role });
export const alice = actor('alice', 'player');
export const bob = actor('bob', 'player');
export const carol = actor('carol', 'player');
export const olga = actor('olga', 'player');
export const mia = actor('mia', 'moderator');
export const max = actor('max', 'moderator');
export const ada = actor('ada', 'admin');
/** A moderator who sat at the disputed table. */
export const paul = actor('paul', 'moderator');

/** A classic match of alice, bob, carol and paul that ended at t = 10 days. */
export const ENDED_AT = 10 * DAY;
export const MATCH: MatchFacts = { matchId: 'm1', players: ['alice', 'bob', 'carol', 'paul'], started: true, endedAt: ENDED_AT, steps: 40 };
export const LIVE: MatchFacts = { ...MATCH, endedAt: null };

export const SECOND: ModerationPolicy = { ...DEFAULT_POLICY, secondModerator: true };

type FileInput = Partial<{ match: MatchFacts; category: unknown; text: unknown; steps: unknown; at: number; policy: ModerationPolicy }>;

export const file = (by: Actor, input: FileInput = {}): DisputeCommand => ({
  type: 'FileDispute',
  data: { by, at: ENDED_AT + HOUR, match: MATCH, category: 'collusion', text: 'they never call each other', steps: [3, 7], policy: DEFAULT_POLICY, ...input },
});
export const claim = (by: Actor, expectedRevision?: number, disputeId = 'm1.1'): DisputeCommand => ({
  type: 'ClaimDispute',
  data: expectedRevision === undefined ? { by, at: ENDED_AT + 2 * HOUR, disputeId } : { by, at: ENDED_AT + 2 * HOUR, disputeId, expectedRevision },
});
export const release = (by: Actor, disputeId = 'm1.1'): DisputeCommand => ({ type: 'ReleaseDispute', data: { by, at: ENDED_AT + 2 * HOUR, disputeId } });
export const note = (by: Actor, text: unknown = 'replayed rounds 3 to 7', disputeId = 'm1.1'): DisputeCommand => ({
  type: 'AddNote',
  data: { by, at: ENDED_AT + 3 * HOUR, disputeId, text },
});
export const rule = (by: Actor, action: unknown, sanctions: unknown = [], options: { reason?: unknown; policy?: ModerationPolicy; disputeId?: string } = {}): DisputeCommand => ({
  type: 'RuleDispute',
  data: { by, at: ENDED_AT + 4 * HOUR, disputeId: options.disputeId ?? 'm1.1', action, sanctions, reason: 'reason' in options ? options.reason : 'soft play in rounds 3–7', policy: options.policy ?? DEFAULT_POLICY },
});
export const confirm = (by: Actor, disputeId = 'm1.1'): DisputeCommand => ({ type: 'ConfirmRuling', data: { by, at: ENDED_AT + 5 * HOUR, disputeId } });
export const reject = (by: Actor, reason: unknown = 'not enough evidence', disputeId = 'm1.1'): DisputeCommand => ({
  type: 'RejectRuling',
  data: { by, at: ENDED_AT + 5 * HOUR, disputeId, reason },
});
export const appeal = (by: Actor, at = ENDED_AT + DAY, disputeId = 'm1.1'): DisputeCommand => ({
  type: 'AppealRuling',
  data: { by, at, disputeId, text: 'we are not a team', policy: DEFAULT_POLICY },
});
export const decide = (by: Actor, decision: unknown, reason: unknown = 'the rounds show ordinary play', disputeId = 'm1.1'): DisputeCommand => ({
  type: 'DecideAppeal',
  data: { by, at: ENDED_AT + 2 * DAY, disputeId, decision, reason },
});

/** A ban order as a moderator sends it. */
export const ban = (account: string, days: unknown = 7) => ({ account, kind: 'ranked-ban', days });
export const warning = (account: string) => ({ account, kind: 'warning' });
export const mark = (account: string) => ({ account, kind: 'collusion-mark' });

/**
 * A match's disputes under test: `given` steps go through the real decider (a refused step fails the test
 * at once), `when` decides one more command and returns its events or its violation.
 */
export class Disputes {
  state: DisputesState = initialDisputesState;
  readonly events: DisputeEvent[] = [];

  static given(...commands: DisputeCommand[]): Disputes {
    const disputes = new Disputes();
    for (const command of commands) disputes.do(command);
    return disputes;
  }

  do(command: DisputeCommand): this {
    const decided = decideDispute(this.state, command);
    if (decided instanceof ModerationViolation) throw new Error(`given step ${command.type} was refused: ${decided.code} ${decided.message}`);
    for (const event of decided) {
      this.events.push(event);
      this.state = evolveDisputes(this.state, event);
    }
    return this;
  }

  when(command: DisputeCommand): readonly DisputeEvent[] | ModerationViolation {
    return decideDispute(this.state, command);
  }

  /** The code `command` is refused with, or 'accepted'. */
  verdict(command: DisputeCommand): string {
    const result = this.when(command);
    return result instanceof ModerationViolation ? result.code : 'accepted';
  }

  dispute(id = 'm1.1') {
    const found = this.state.disputes.find((d) => d.id === id);
    if (!found) throw new Error(`no dispute ${id}`);
    return found;
  }
}
