import { PROFILES, profiledPolicy } from '../levels';
import { createRng } from '../rng';
import { POLICIES } from '../strategy';
import { roundSpec } from './heads-up';
import { type LevelPolicy, signatureOf } from './path-strategies';
import { RoundGame } from './round-game';
import { familyOf, legalAt, viewAt } from './round-views';

const LEVELS: readonly LevelPolicy[] = [
  { name: 'easy', policy: POLICIES.easy, reads: 'last' },
  { name: 'medium', policy: POLICIES.medium, reads: 'last' },
  { name: 'hard', policy: POLICIES.hard, reads: 'last-two' },
  { name: 'expert (heuristic)', policy: (view, legal) => profiledPolicy(PROFILES.expert, view, legal), reads: 'all' },
];

/** A random bidding of `length` bids (or fewer if the ladder runs out). */
function bidding(game: RoundGame, length: number, rng: ReturnType<typeof createRng>): number[] {
  const claims: number[] = [];
  while (claims.length < length) {
    const bids = game.bidsAfter((claims.length % 2) as 0 | 1, claims.at(-1) ?? -1);
    if (bids.length === 0) break;
    claims.push(bids[rng.int(Math.min(bids.length, 5))] as number);
  }
  return claims;
}

describe.each(LEVELS)('$name: what it reads of the bidding', (level) => {
  it.each([
    ['wild 2v2', roundSpec({ ones: 'wild', spotOn: false, faceLock: false }, [2, 2], 5)],
    ['plain+spot-on 2v1', roundSpec({ ones: 'plain', spotOn: true, faceLock: false }, [2, 1], 5)],
    ['plain+face-lock 1v2', roundSpec({ ones: 'plain', spotOn: false, faceLock: true }, [1, 2], 5)],
  ] as const)('given two biddings of %s with the same signature, then it plays the same way with every hand', (_, spec) => {
    // Given: many random biddings, grouped by signature
    const game = new RoundGame(spec);
    const family = familyOf(game);
    const rng = createRng(`signature|${level.name}|${JSON.stringify(spec)}`);
    const groups = new Map<string, number[][]>();
    for (let i = 0; i < 1500; i++) {
      const claims = bidding(game, 1 + rng.int(6), rng);
      const key = signatureOf(level.reads, claims, game);
      groups.set(key, [...(groups.get(key) ?? []), claims]);
    }
    // When / then: within each group, the policies agree
    let compared = 0;
    for (const members of groups.values()) {
      const [first, second] = members.filter((m, i, all) => all.findIndex((o) => o.join() === m.join()) === i);
      if (!first || !second || compared >= 6) continue;
      compared++;
      const seat = (first.length % 2) as 0 | 1;
      game.hands[seat].forEach((_hand, h) => {
        const a = level.policy(viewAt(game, family, first, h), legalAt(game, first).legal);
        const b = level.policy(viewAt(game, family, second, h), legalAt(game, second).legal);
        a.forEach((p, i) => expect(b[i]).toBeCloseTo(p, 12));
      });
    }
    // A palifico round's locked face leaves no two distinct biddings with the same bids of the opponent.
    if (!(level.reads === 'all' && spec.rules.faceLock)) expect(compared).toBeGreaterThan(0);
  });
});
