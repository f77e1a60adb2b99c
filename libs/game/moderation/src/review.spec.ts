import { Disputes, ada, alice, claim, file, max, mia, note, paul, release } from './testing/disputes';

describe('claiming, releasing and notes', () => {
  it.each`
    given                                 | command                 | verdict                   | why
    ${[file(alice)]}                      | ${claim(mia)}           | ${'accepted'}             | ${'an open dispute'}
    ${[file(alice)]}                      | ${claim(mia, 1)}        | ${'accepted'}             | ${'the revision the moderator saw is current'}
    ${[file(alice)]}                      | ${claim(mia, 0)}        | ${'STALE_REVISION'}       | ${'a filing came in since the moderator looked'}
    ${[file(alice), claim(mia)]}          | ${claim(max, 1)}        | ${'ALREADY_CLAIMED'}      | ${'two moderators cannot hold one dispute'}
    ${[file(alice), claim(mia)]}          | ${claim(mia)}           | ${'ALREADY_CLAIMED'}      | ${'claiming twice says so'}
    ${[file(alice)]}                      | ${claim(paul)}          | ${'CONFLICT_OF_INTEREST'} | ${'paul played the match'}
    ${[file(alice)]}                      | ${claim(alice)}         | ${'NOT_A_MODERATOR'}      | ${'players do not claim'}
    ${[]}                                 | ${claim(mia)}           | ${'UNKNOWN_DISPUTE'}      | ${'nothing was filed'}
    ${[file(alice), claim(mia)]}          | ${release(mia)}         | ${'accepted'}             | ${'the holder gives it back'}
    ${[file(alice), claim(mia)]}          | ${release(max)}         | ${'NOT_YOUR_CLAIM'}       | ${'only the holder…'}
    ${[file(alice), claim(mia)]}          | ${release(ada)}         | ${'accepted'}             | ${'…or an admin, for a claim left behind'}
    ${[file(alice)]}                      | ${release(mia)}         | ${'NOT_CLAIMED'}          | ${'nothing to release'}
    ${[file(alice), claim(mia)]}          | ${note(max)}            | ${'accepted'}             | ${'any impartial moderator adds notes'}
    ${[file(alice)]}                      | ${note(paul)}           | ${'CONFLICT_OF_INTEREST'} | ${'not one who played'}
    ${[file(alice)]}                      | ${note(mia, '')}        | ${'INVALID_COMMAND'}      | ${'a note says something'}
  `('$command.type by $command.data.by.id: $verdict — $why', ({ given, command, verdict }) => {
    expect(Disputes.given(...given).verdict(command)).toBe(verdict);
  });

  it('a released dispute is open again for the next moderator', () => {
    const disputes = Disputes.given(file(alice), claim(mia), release(mia));
    expect(disputes.dispute()).toMatchObject({ status: 'open', claimedBy: null, revision: 3 });
    expect(disputes.verdict(claim(max, 3))).toBe('accepted');
  });

  it('keeps notes in order with who wrote them', () => {
    const disputes = Disputes.given(file(alice), note(mia, 'first look'), note(max, 'agree'));
    expect(disputes.dispute().notes.map((n) => `${n.moderator.id}: ${n.text}`)).toEqual(['mia: first look', 'max: agree']);
  });
});
