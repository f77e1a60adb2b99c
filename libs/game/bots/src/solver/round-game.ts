import type { Face } from '@liars-dice/game-rules';
import { compositionsOf } from '../hands';

/**
 * How 1s behave in a heads-up round (rules.md §3): `wild` — they count for every other face and bids move
 * to and from 1s by the conversions; `plain` — an ordinary face (wild off, or a palifico round); `barred` —
 * they count as wild but can never be bid (the revolver while 1s are wild).
 */
export type OnesRule = 'wild' | 'plain' | 'barred';

export interface RoundRules {
  readonly ones: OnesRule;
  /** Spot-on may be called instead of liar. */
  readonly spotOn: boolean;
  /** The palifico face lock: a bidder holding more than one die must keep the last bid's face. */
  readonly faceLock: boolean;
}

/** One heads-up round to solve: seat 0 opens it, seat 1 answers. */
export interface RoundSpec {
  readonly rules: RoundRules;
  /** Dice held by seat 0 (the starter) and seat 1. */
  readonly dice: readonly [number, number];
  /** A correct spot-on's worth to its caller, by seat, on the round's scale: lose it = 0, win it = 1. */
  readonly exact: readonly [number, number];
}

export interface Claim {
  readonly quantity: number;
  readonly face: Face;
}

/** One hand a seat may hold: its dice (sorted), its chance, and how many of its dice count for each face. */
export interface Hand {
  readonly dice: readonly Face[];
  readonly chance: number;
  /** Indexed by face (index 0 unused). */
  readonly counts: readonly number[];
}

export type Seat = 0 | 1;

/** What a seat may do after the last claim; bids are claim indices on the ladder. */
export const LIAR = -1;
export const SPOT_ON = -2;

/**
 * The ladder of claims: every legal raise is a claim further up it (with wild 1s too: q 1s sit just above
 * 2q 6s, because a raise to 1s needs at least half the quantity and a raise from q 1s at least 2q + 1).
 */
function ladderOf(rules: RoundRules, total: number): Claim[] {
  const ranked: { claim: Claim; rank: number }[] = [];
  for (let quantity = 1; quantity <= total; quantity++) {
    for (let face = 1; face <= 6; face++) {
      if (face === 1 && rules.ones === 'barred') continue;
      // Plain: (q, f) in order of quantity then face. Wild: q 1s right after 2q 6s.
      const rank = face === 1 && rules.ones === 'wild' ? 2 * quantity * 10 + 7 : quantity * 10 + face;
      ranked.push({ claim: { quantity, face: face as Face }, rank });
    }
  }
  return ranked.sort((a, b) => a.rank - b.rank).map((entry) => entry.claim);
}

function handsOf(dice: number, countOnes: boolean): Hand[] {
  return compositionsOf(dice).map((composition) => {
    const plain = composition.plain;
    const sorted: Face[] = [];
    for (let face = 1; face <= 6; face++) for (let i = 0; i < (plain[face] ?? 0); i++) sorted.push(face as Face);
    return { dice: sorted, chance: composition.chance, counts: countOnes ? composition.wild : plain };
  });
}

/** The round as a game: its claims, each seat's possible hands and who may bid what. */
export class RoundGame {
  readonly claims: readonly Claim[];
  readonly hands: readonly [readonly Hand[], readonly Hand[]];
  readonly total: number;
  private claimAt: Map<number, number> | undefined;
  private readonly handAt: (Map<string, number> | undefined)[] = [];

  constructor(readonly spec: RoundSpec) {
    this.total = spec.dice[0] + spec.dice[1];
    this.claims = ladderOf(spec.rules, this.total);
    const countOnes = spec.rules.ones !== 'plain';
    this.hands = [handsOf(spec.dice[0], countOnes), handsOf(spec.dice[1], countOnes)];
  }

  /** The index of the claim (quantity, face) on the ladder, or −1 (looked up per decision: a map, built once). */
  claimIndex(quantity: number, face: number): number {
    this.claimAt ??= new Map(this.claims.map((claim, i) => [claim.quantity * 8 + claim.face, i] as const).reverse());
    return this.claimAt.get(quantity * 8 + face) ?? -1;
  }

  /** The index in `hands[seat]` of the hand holding these dice (any order), or −1. */
  handIndex(seat: Seat, dice: readonly Face[]): number {
    const at = (this.handAt[seat] ??= new Map(this.hands[seat].map((hand, i) => [hand.dice.join(), i] as const).reverse()));
    return at.get([...dice].sort((a, b) => a - b).join()) ?? -1;
  }

  /** The claims `seat` may bid after claim `last` (−1: the opening bid), lowest first. */
  bidsAfter(seat: Seat, last: number): number[] {
    const bids: number[] = [];
    const previous = this.claims[last];
    const locked = this.spec.rules.faceLock && previous !== undefined && this.spec.dice[seat] !== 1;
    for (let c = last + 1; c < this.claims.length; c++) {
      const claim = this.claims[c] as Claim;
      // Wild 1s never open a round.
      if (last < 0 && claim.face === 1 && this.spec.rules.ones === 'wild') continue;
      if (locked && claim.face !== previous.face) continue;
      bids.push(c);
    }
    return bids;
  }

  /** Everything `seat` may do after claim `last`: the calls first (LIAR, SPOT_ON), then the bids. */
  actionsAfter(seat: Seat, last: number): number[] {
    const calls = last < 0 ? [] : this.spec.rules.spotOn ? [LIAR, SPOT_ON] : [LIAR];
    return [...calls, ...this.bidsAfter(seat, last)];
  }

  /**
   * Seat 0's payoff when `caller` calls (`LIAR` or `SPOT_ON`) on claim `last`, the hands being `h0` and `h1`
   * (indices into `hands`); seat 1's payoff is 1 minus it.
   */
  payoff(call: number, caller: Seat, last: number, hands: readonly [number, number]): number {
    const claim = this.claims[last] as Claim;
    const count = (this.hands[0][hands[0]] as Hand).counts[claim.face]! + (this.hands[1][hands[1]] as Hand).counts[claim.face]!;
    const forCaller = call === LIAR ? (count >= claim.quantity ? 0 : 1) : count === claim.quantity ? this.spec.exact[caller] : 0;
    return caller === 0 ? forCaller : 1 - forCaller;
  }
}
