import { NO_COUNTS, type PairCounts } from './counts';
import { matchEvidence } from './evidence';
import { Script } from './testing/script';

const ACCOUNTS = { a: 'alice', b: 'bob', c: 'carol' };

function countsOf(script: Script, actor: string, bidder: string, accounts: Record<string, string> = ACCOUNTS): PairCounts {
  const evidence = matchEvidence({ accounts, events: script.events });
  return evidence.pairs.find((p) => p.actor === actor && p.bidder === bidder)?.counts ?? NO_COUNTS;
}

describe('match evidence (what each player did with whose bid)', () => {
  // Given a, b, c at a classic table of 3 dice, 1s wild, with hands that make the count obvious
  const round = () => Script.classic(['a', 'b', 'c']).roll({ a: [2, 2, 2], b: [3, 3, 3], c: [4, 4, 4] });

  it('counts a raise by the minimum as soft, and a bigger one as a plain raise', () => {
    // When b answers a's 2 × 3 with 2 × 4 (nothing added) and c answers with 4 × 5 (two dice added)
    const script = round().bid('a', 2, 3).bid('b', 2, 4).bid('c', 4, 5);
    // Then b's answer to alice is a soft raise and c's answer to bob is a raise only
    expect(countsOf(script, 'bob', 'alice')).toEqual({ opportunities: 1, challenges: 0, raises: 1, softRaises: 1, losses: 0 });
    expect(countsOf(script, 'carol', 'bob')).toEqual({ opportunities: 1, challenges: 0, raises: 1, softRaises: 0, losses: 0 });
  });

  it('counts a liar call as a challenge and the loser’s die against the other of the two', () => {
    // When a bids 4 × 2 (there are three 2s) and b calls liar: a's bid fails and a loses a die to b
    const script = round().bid('a', 4, 2).liar('b');
    expect(countsOf(script, 'bob', 'alice')).toEqual({ opportunities: 1, challenges: 1, raises: 0, softRaises: 0, losses: 0 });
    expect(countsOf(script, 'alice', 'bob')).toEqual({ ...NO_COUNTS, losses: 1 });
  });

  it('charges a failed call to the caller', () => {
    // When a bids 3 × 2 (exactly three 2s) and b calls liar: the bid holds and b loses a die to a
    const script = round().bid('a', 3, 2).liar('b');
    expect(countsOf(script, 'bob', 'alice')).toMatchObject({ challenges: 1, losses: 1 });
  });

  it('scores only seats that are accounts (CPU seats are left out) and lists who sat', () => {
    const script = round().bid('a', 2, 3).bid('b', 2, 4).bid('c', 4, 5);
    const evidence = matchEvidence({ accounts: { a: 'alice', b: 'bob' }, events: script.events });
    expect(evidence.accounts).toEqual(['alice', 'bob']);
    expect(evidence.pairs.map((p) => `${p.actor}<-${p.bidder}`)).toEqual(['bob<-alice']);
  });

  it('counts nothing for one account on two seats (it cannot collude with itself)', () => {
    const script = round().bid('a', 2, 3).bid('b', 2, 4);
    expect(matchEvidence({ accounts: { a: 'alice', b: 'alice' }, events: script.events }).pairs).toEqual([]);
  });
});
