import { readFileSync } from 'node:fs';
import path from 'node:path';
import { decideSanctions } from './decide-sanctions';
import type { DisputeCommand } from './dispute-commands';
import { MODERATION_VIOLATION_CODES, ModerationViolation } from './moderation-violation';
import type { SanctionCommand } from './sanction-events';
import { evolveSanctions, initialSanctionsState } from './sanctions';
import { alice, appeal, bob, carol, claim, confirm, DAY, decide, Disputes, ENDED_AT, file, mark, MATCH, max, mia, note, olga, paul, reject, release, rule, SECOND, warning } from './testing/disputes';

/**
 * Every refusal a moderation mutation can get from its decider, with the argument it names (`extensions.field`;
 * null: it is about the caller, not an argument). The same table is in docs/moderation.md ("Refusals").
 */
type Row = readonly [mutation: string, code: string, field: string | null, refused: () => ModerationViolation | readonly unknown[]];

const claimed = () => Disputes.given(file(alice), claim(mia));
const sanctioned = () => claimed().do(rule(mia, 'sanction', [warning('bob')]));
const appealed = () => sanctioned().do(appeal(bob));
const awaiting = () => claimed().do(rule(mia, 'void', [], { policy: SECOND }));
const appealText = (text: unknown): DisputeCommand => ({ type: 'AppealRuling', data: { by: bob, at: ENDED_AT + DAY, disputeId: 'm1.1', text, policy: { ...SECOND, secondModerator: false } } });

const BOB = { id: 'bob', name: 'Bob' };
const T0 = 100 * DAY;
const imposed = [{ type: 'ImposeSanction', data: { sanctionId: 's1', account: BOB, kind: 'ranked-ban', days: 7, reason: 'collusion', disputeId: 'm1.1', by: mia, at: T0 } }] as const;
const sanctions = (...given: SanctionCommand[]) =>
  given.reduce((state, command) => {
    const events = decideSanctions(state, command);
    if (events instanceof ModerationViolation) throw new Error(`given step refused: ${events.code}`);
    return events.reduce(evolveSanctions, state);
  }, initialSanctionsState);
const lift = (sanctionId: string, at = T0 + DAY, reason: unknown = 'served', by = mia): SanctionCommand => ({ type: 'LiftSanction', data: { sanctionId, reason, by, at } });

const REFUSALS: readonly Row[] = [
  ['fileDispute', 'MATCH_NOT_STARTED', 'matchId', () => Disputes.given().when(file(alice, { match: { ...MATCH, started: false } }))],
  ['fileDispute', 'FILING_WINDOW_CLOSED', 'matchId', () => Disputes.given().when(file(alice, { at: ENDED_AT + 8 * DAY }))],
  ['fileDispute', 'NOT_A_PLAYER', 'matchId', () => Disputes.given().when(file(olga))],
  ['fileDispute', 'ALREADY_FILED', 'matchId', () => Disputes.given(file(alice)).when(file(alice))],
  ['fileDispute', 'INVALID_DISPUTE', 'category', () => Disputes.given().when(file(alice, { category: 'rudeness' }))],
  ['fileDispute', 'INVALID_DISPUTE', 'text', () => Disputes.given().when(file(alice, { text: ' ' }))],
  ['fileDispute', 'INVALID_DISPUTE', 'steps[1]', () => Disputes.given().when(file(alice, { steps: [3, 99] }))],
  ['claimDispute', 'UNKNOWN_DISPUTE', 'disputeId', () => Disputes.given(file(alice)).when(claim(mia, undefined, 'm1.9'))],
  ['claimDispute', 'CONFLICT_OF_INTEREST', 'disputeId', () => Disputes.given(file(alice)).when(claim(paul))],
  ['claimDispute', 'ALREADY_CLAIMED', 'disputeId', () => claimed().when(claim(max))],
  ['claimDispute', 'NOT_OPEN', 'disputeId', () => sanctioned().when(claim(max))],
  ['claimDispute', 'STALE_REVISION', 'expectedRevision', () => Disputes.given(file(alice)).when(claim(mia, 5))],
  ['claimDispute', 'NOT_A_MODERATOR', null, () => Disputes.given(file(alice)).when(claim(carol))],
  ['releaseDispute', 'NOT_CLAIMED', 'disputeId', () => Disputes.given(file(alice)).when(release(mia))],
  ['releaseDispute', 'NOT_YOUR_CLAIM', 'disputeId', () => claimed().when(release(max))],
  ['addDisputeNote', 'INVALID_COMMAND', 'text', () => claimed().when(note(max, ''))],
  ['ruleDispute', 'NOT_CLAIMED', 'disputeId', () => Disputes.given(file(alice)).when(rule(mia, 'dismiss'))],
  ['ruleDispute', 'NOT_YOUR_CLAIM', 'disputeId', () => claimed().when(rule(max, 'dismiss'))],
  ['ruleDispute', 'NOT_OPEN', 'disputeId', () => sanctioned().when(rule(mia, 'dismiss'))],
  ['ruleDispute', 'INVALID_RULING', 'action', () => claimed().when(rule(mia, 'pardon'))],
  ['ruleDispute', 'INVALID_RULING', 'sanctions', () => claimed().when(rule(mia, 'dismiss', [warning('bob')]))],
  ['ruleDispute', 'INVALID_RULING', 'sanctions[0].account', () => claimed().when(rule(mia, 'sanction', [mark('olga')]))],
  ['ruleDispute', 'INVALID_RULING', 'sanctions[1]', () => claimed().when(rule(mia, 'sanction', [mark('bob'), mark('bob')]))],
  ['ruleDispute', 'REASON_REQUIRED', 'reason', () => claimed().when(rule(mia, 'dismiss', [], { reason: ' ' }))],
  ['ruleDispute', 'MATCH_ALREADY_VOIDED', 'action', () => claimed().do(rule(mia, 'void')).do(file(bob)).do(claim(max, undefined, 'm1.2')).when(rule(max, 'void', [], { disputeId: 'm1.2' }))],
  ['confirmRuling', 'NOT_AWAITING_SECOND', 'disputeId', () => claimed().when(confirm(max))],
  ['confirmRuling', 'SAME_MODERATOR', 'disputeId', () => awaiting().when(confirm(mia))],
  ['rejectRuling', 'REASON_REQUIRED', 'reason', () => awaiting().when(reject(max, ''))],
  ['appealRuling', 'NOT_RULED', 'disputeId', () => claimed().when(appeal(bob))],
  ['appealRuling', 'NOT_AFFECTED', 'disputeId', () => sanctioned().when(appeal(carol))],
  ['appealRuling', 'APPEAL_WINDOW_CLOSED', 'disputeId', () => sanctioned().when(appeal(bob, ENDED_AT + 30 * DAY))],
  ['appealRuling', 'ALREADY_APPEALED', 'disputeId', () => appealed().when(appeal(bob))],
  ['appealRuling', 'INVALID_COMMAND', 'text', () => sanctioned().when(appealText(''))],
  ['decideAppeal', 'NOT_APPEALED', 'disputeId', () => sanctioned().when(decide(max, 'upheld'))],
  ['decideAppeal', 'SAME_MODERATOR', 'disputeId', () => appealed().when(decide(mia, 'upheld'))],
  ['decideAppeal', 'INVALID_COMMAND', 'decision', () => appealed().when(decide(max, 'maybe'))],
  ['decideAppeal', 'REASON_REQUIRED', 'reason', () => appealed().when(decide(max, 'upheld', ''))],
  ['liftSanction', 'UNKNOWN_SANCTION', 'sanctionId', () => decideSanctions(sanctions(...imposed), lift('s9'))],
  ['liftSanction', 'ALREADY_LIFTED', 'sanctionId', () => decideSanctions(sanctions(...imposed, lift('s1')), lift('s1'))],
  ['liftSanction', 'SANCTION_ENDED', 'sanctionId', () => decideSanctions(sanctions(...imposed), lift('s1', T0 + 8 * DAY))],
  ['liftSanction', 'REASON_REQUIRED', 'reason', () => decideSanctions(sanctions(...imposed), lift('s1', T0 + DAY, ' '))],
  ['liftSanction', 'NOT_A_MODERATOR', null, () => decideSanctions(sanctions(...imposed), lift('s1', T0 + DAY, 'x', alice))],
];

/** Refusals only the server's own commands can meet (a malformed command, the reactor's sanction orders). */
const SERVER_ONLY: readonly Row[] = [
  ['(server)', 'INVALID_COMMAND', null, () => Disputes.given().when({ type: 'FileDispute', data: null } as unknown as DisputeCommand)],
  ['(server)', 'INVALID_SANCTION', 'sanction.kind', () => decideSanctions(initialSanctionsState, { ...imposed[0], data: { ...imposed[0].data, kind: 'exile' } })],
  ['(server)', 'SANCTION_EXISTS', 'sanctionId', () => decideSanctions(sanctions(...imposed), { ...imposed[0], data: { ...imposed[0].data, days: 9 } })],
];

describe('every moderation refusal names the argument at fault (docs/moderation.md, "Refusals")', () => {
  it.each([...REFUSALS, ...SERVER_ONLY])('%s: %s names %s', (_mutation, code, field, refused) => {
    const result = refused();
    expect(result).toBeInstanceOf(ModerationViolation);
    expect({ code: (result as ModerationViolation).code, field: (result as ModerationViolation).field ?? null }).toEqual({ code, field });
  });

  it('given every code the deciders have, then the table shows each at least once', () => {
    const shown = new Set([...REFUSALS, ...SERVER_ONLY].map(([, code]) => code));
    expect(MODERATION_VIOLATION_CODES.filter((code) => !shown.has(code))).toEqual([]);
  });

  it('then docs/moderation.md lists the same mutation, code and field rows', () => {
    const docs = readFileSync(path.resolve(__dirname, '../../../../docs/moderation.md'), 'utf8');
    const section = docs.slice(docs.indexOf('### Refusals'), docs.indexOf('\n## ', docs.indexOf('### Refusals')));
    const rows = [...section.matchAll(/^\| `(\w+)` \| `(\w+)` \| (?:`([\w.[\]]+)`|—) \|/gm)].map(([, mutation, code, field]) => `${mutation} ${code} ${field ?? null}`);
    expect(rows.sort()).toEqual([...new Set(REFUSALS.map(([mutation, code, field]) => `${mutation} ${code} ${field}`))].sort());
  });
});
