import { outcomeOf, partyEventOf } from './outcome';
import { Disputes, SECOND, alice, ban, bob, carol, claim, confirm, file, mark, max, mia, note, reject, rule } from './testing/disputes';

describe('what the parties of a dispute see (filers, players a ruling in force touches)', () => {
  it('hears neither that a private note exists, nor a ruling waiting for its second moderator, nor its rejection', () => {
    // Given alice's dispute, claimed, noted, ruled under the second-moderator policy, rejected, ruled again and confirmed
    const sanctions = [ban('bob', 3), mark('carol')];
    const disputes = Disputes.given(
      file(alice),
      claim(mia),
      note(mia, 'bob and carol again'),
      rule(mia, 'sanction', sanctions, { policy: SECOND }),
      reject(max),
      rule(mia, 'sanction', sanctions, { policy: SECOND }),
      confirm(max),
    );
    // Then alice's feed names the filing, the claim and the ruling once, when it takes effect
    expect(disputes.events.map((event) => partyEventOf(event, alice.id))).toEqual(['DisputeFiled', 'DisputeClaimed', null, null, null, null, 'DisputeRuled']);
  });

  it('hears another filer’s filing only as that filer', () => {
    const disputes = Disputes.given(file(alice), file(bob));
    expect(disputes.events.map((event) => partyEventOf(event, alice.id))).toEqual(['DisputeFiled', null]);
    expect(disputes.events.map((event) => partyEventOf(event, bob.id))).toEqual([null, 'DisputeFiled']);
  });

  it('shows each party the ruling’s sanctions on them only; a moderator sees them all', () => {
    const disputes = Disputes.given(file(alice), claim(mia), rule(mia, 'sanction', [ban('bob', 3), mark('carol')]));
    const dispute = disputes.dispute();
    expect(outcomeOf(dispute, alice.id).ruling).toMatchObject({ action: 'sanction', sanctions: [] });
    expect(outcomeOf(dispute, bob.id).ruling?.sanctions).toEqual([{ account: 'bob', kind: 'ranked-ban', days: 3, sanctionId: 'm1.1/s1' }]);
    expect(outcomeOf(dispute, carol.id).ruling?.sanctions).toEqual([{ account: 'carol', kind: 'collusion-mark', days: null, sanctionId: 'm1.1/s2' }]);
    expect(outcomeOf(dispute).ruling?.sanctions).toHaveLength(2);
  });

  it('shows no ruling before it takes effect', () => {
    const disputes = Disputes.given(file(alice), claim(mia), rule(mia, 'void', [], { policy: SECOND }));
    expect(outcomeOf(disputes.dispute(), alice.id)).toMatchObject({ status: 'claimed', ruling: null });
  });
});
