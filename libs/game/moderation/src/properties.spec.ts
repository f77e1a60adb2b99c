import fc from 'fast-check';
import { decideDispute } from './decide-dispute';
import type { DisputeCommand } from './dispute-commands';
import type { DisputeEvent } from './dispute-events';
import { type DisputesState, initialDisputesState, type RulingRecord } from './dispute-state';
import { effectsOf } from './effects';
import { evolveDisputes } from './evolve-dispute';
import { ModerationViolation } from './moderation-violation';
import { DEFAULT_POLICY } from './policy';
import { ENDED_AT, HOUR, MATCH, SECOND, ada, alice, bob, carol, max, mia, olga, paul } from './testing/disputes';
import type { Actor } from './vocabulary';

// Weighted by repetition: most commands come from two moderators and the banned player, about the first dispute.
const ACTORS = [alice, bob, bob, carol, olga, mia, mia, mia, max, max, max, ada, paul];
const DISPUTES = ['m1.1', 'm1.1', 'm1.1', 'm1.1', 'm1.2', 'm1.3'];
const SANCTIONS = [[], [{ account: 'bob', kind: 'ranked-ban', days: 3 }], [{ account: 'carol', kind: 'warning' }], [{ account: 'olga', kind: 'warning' }]];

/** Any command any actor might send, with arguments drawn from small sets so that many are accepted. */
const command = fc.record({
  kind: fc.integer({ min: 0, max: 8 }),
  by: fc.constantFrom(...ACTORS),
  disputeId: fc.constantFrom(...DISPUTES),
  action: fc.constantFrom('dismiss', 'warn', 'void', 'sanction'),
  sanctions: fc.constantFrom(...SANCTIONS),
  second: fc.boolean(),
  decision: fc.constantFrom('upheld', 'overturned'),
});

type Draw = { kind: number; by: Actor; disputeId: string; action: string; sanctions: unknown; second: boolean; decision: string };

function toCommand(c: Draw, at: number): DisputeCommand {
  const policy = c.second ? SECOND : DEFAULT_POLICY;
  const sent = { by: c.by, at, disputeId: c.disputeId };
  const commands: DisputeCommand[] = [
    { type: 'FileDispute', data: { by: c.by, at, match: MATCH, category: 'collusion', text: 'look', steps: [], policy } },
    { type: 'ClaimDispute', data: sent },
    { type: 'ReleaseDispute', data: sent },
    { type: 'AddNote', data: { ...sent, text: 'note' } },
    { type: 'RuleDispute', data: { ...sent, action: c.action, reason: 'why', sanctions: c.sanctions, policy } },
    { type: 'ConfirmRuling', data: sent },
    { type: 'RejectRuling', data: { ...sent, reason: 'no' } },
    { type: 'AppealRuling', data: { ...sent, text: 'please', policy } },
    { type: 'DecideAppeal', data: { ...sent, decision: c.decision, reason: 'because' } },
  ];
  return commands[c.kind] as DisputeCommand;
}

interface Run {
  readonly state: DisputesState;
  readonly events: { readonly before: DisputesState; readonly event: DisputeEvent }[];
  readonly voids: string[];
}

function run(commands: readonly Draw[]): Run {
  let state = initialDisputesState;
  const events: Run['events'] = [];
  const voids: string[] = [];
  commands.forEach((c, i) => {
    const decided = decideDispute(state, toCommand(c, ENDED_AT + (i + 1) * HOUR));
    if (decided instanceof ModerationViolation) return;
    for (const event of decided) {
      for (const effect of effectsOf(state, event)) if (effect.type === 'void-match' || effect.type === 'unvoid-match') voids.push(effect.type);
      events.push({ before: state, event });
      state = evolveDisputes(state, event);
    }
  });
  return { state, events, voids };
}

const MODERATOR_ACTS = new Set(['DisputeClaimed', 'DisputeRuled', 'RulingConfirmed', 'RulingRejected', 'AppealDecided', 'DisputeNoteAdded']);

describe('moderation invariants over any sequence of commands (property)', () => {
  const sequences = fc.array(command, { minLength: 40, maxLength: 120 });

  it('reaches every kind of event (the generator is not stuck at filing)', () => {
    const seen = new Set<string>();
    for (const commands of fc.sample(sequences, { numRuns: 200, seed: 13 })) {
      const { events, voids } = run(commands);
      for (const { event } of events) seen.add(event.type);
      for (const v of voids) seen.add(v);
    }
    expect([...seen].sort()).toEqual([
      'AppealDecided', 'DisputeClaimed', 'DisputeFiled', 'DisputeNoteAdded', 'DisputeReleased', 'DisputeRuled',
      'RulingAppealed', 'RulingConfirmed', 'RulingRejected', 'unvoid-match', 'void-match',
    ]);
  });

  it('folds the accepted events back to the same state', () => {
    fc.assert(fc.property(sequences, (commands) => {
      const { state, events } = run(commands);
      expect(events.map((e) => e.event).reduce(evolveDisputes, initialDisputesState)).toEqual(state);
    }));
  });

  /** The rules one accepted event must have kept, given the state it was decided on. */
  function checkEvent(before: DisputesState, event: DisputeEvent): void {
    const dispute = before.disputes.find((d) => d.id === event.data.disputeId);
    if (MODERATOR_ACTS.has(event.type)) expect(dispute?.players).not.toContain((event.data as { moderator: { id: string } }).moderator.id);
    if (event.type === 'DisputeClaimed') expect(dispute?.status).toBe('open');
    if (event.type === 'RulingAppealed') expect(dispute?.appeal).toBeNull();
    if (event.type === 'AppealDecided') checkAppealDecider(event.data.moderator.id, dispute?.ruling);
  }

  function checkAppealDecider(moderator: string, ruling: RulingRecord | null | undefined): void {
    expect(moderator).not.toBe(ruling?.moderator.id);
    expect(moderator).not.toBe(ruling?.confirmedBy?.id);
  }

  it('never lets one who played act as a moderator, two hold a claim, or a ruler decide the appeal of their ruling', () => {
    fc.assert(fc.property(sequences, (commands) => {
      for (const { before, event } of run(commands).events) checkEvent(before, event);
    }));
  });

  it('keeps the match void by at most one ruling, and voids and restores it in turn', () => {
    fc.assert(fc.property(sequences, (commands) => {
      const { state, voids } = run(commands);
      voids.forEach((type, i) => expect(type).toBe(i % 2 === 0 ? 'void-match' : 'unvoid-match'));
      expect(state.voidedBy !== null).toBe(voids.length % 2 === 1);
    }));
  });
});
