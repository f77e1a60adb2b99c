import { decideSanctions } from './decide-sanctions';
import { ModerationViolation } from './moderation-violation';
import { initialSanctionsState } from './sanctions';
import { alice, appeal, ban, bob, claim, DAY, decide, Disputes, file, max, mia, note, reject, rule, SECOND } from './testing/disputes';
import type { DisputeFiled } from './dispute-events';
import type { DisputeCommand } from './dispute-commands';

/** What the decider says of `command` after `given`: the violation's code and message, or 'accepted'. */
function refusal(command: DisputeCommand, ...given: DisputeCommand[]): string {
  const decided = Disputes.given(...given).when(command);
  return decided instanceof ModerationViolation ? `${decided.code} ${decided.message}` : 'accepted';
}

const NUL = 'rounds 3\u0000 to 7';
const OVERRIDE = 'he bid \u202Eseven sixes';

describe('texts a moderator or another player reads (ADR 0031)', () => {
  it.each`
    what                             | command                                                    | given                                                                | field       | code
    ${'a filing’s text'}             | ${(t: string) => file(alice, { text: t })}                  | ${[]}                                                                | ${'text'}   | ${'INVALID_DISPUTE'}
    ${'a moderator’s note'}          | ${(t: string) => note(mia, t)}                             | ${[file(alice), claim(mia)]}                                         | ${'text'}   | ${'INVALID_COMMAND'}
    ${'a ruling’s reason'}           | ${(t: string) => rule(mia, 'dismiss', [], { reason: t })}  | ${[file(alice), claim(mia)]}                                         | ${'reason'} | ${'REASON_REQUIRED'}
    ${'a rejected ruling’s reason'}  | ${(t: string) => reject(max, t)}                           | ${[file(alice), claim(mia), rule(mia, 'void', [], { policy: SECOND })]} | ${'reason'} | ${'REASON_REQUIRED'}
    ${'an appeal decision’s reason'} | ${(t: string) => decide(max, 'upheld', t)}                 | ${[file(alice), claim(mia), rule(mia, 'void', [ban('bob', 30)]), appeal(bob)]} | ${'reason'} | ${'REASON_REQUIRED'}
  `('given $what with a NUL or a right-to-left override, then it is refused with its code, naming the field and the character', ({ command, given, field, code }) => {
    const cases: [string, string][] = [[NUL, 'U+0000, a control character, at character 9'], [OVERRIDE, 'U+202E, a bidirectional control, at character 8']];
    for (const [text, found] of cases) {
      expect(refusal(command(text), ...given)).toMatch(new RegExp(`^${code} ${field}: found ${found.replace(/[+]/g, '\\+')};`));
    }
  });

  it('given a filing with lines typed on Windows, then it is accepted and kept with line feeds', () => {
    const [filed] = new Disputes().when(file(alice, { text: 'round 3:\r\nhe knew\r\n' })) as DisputeFiled[];
    expect(filed?.data.text).toBe('round 3:\nhe knew');
  });

  it('given a sanction’s reason with a bidirectional override, then it is refused naming the reason', () => {
    const command = { type: 'ImposeSanction' as const, data: { sanctionId: 's1', account: { id: 'bob', name: 'Bob' }, kind: 'warning', days: null, reason: 'collusion \u202E1m', disputeId: 'm1.1', by: mia, at: 100 * DAY } };
    const decided = decideSanctions(initialSanctionsState, command);
    expect(decided).toBeInstanceOf(ModerationViolation);
    expect((decided as ModerationViolation).code).toBe('REASON_REQUIRED');
    expect((decided as ModerationViolation).message).toBe('reason: found U+202E, a bidirectional control, at character 11; control and bidirectional-override characters are not allowed');
  });
});
