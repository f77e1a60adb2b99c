import { type BidContext, bidError, countFor } from './bidding';
import { Resolver } from './resolver';
import {
  type ErrorCode,
  type RefAction,
  type RefBid,
  RefInvalid,
  type RefOutcome,
  type RefReport,
  type RefRound,
  type RefScenario,
} from './types';

/** Where rolls and chambers the file does not list come from (fairness.md in the model, a PRNG in the generator). */
export interface Sources {
  dice(round: number, seat: number, count: number): number[];
  chamber(pull: number): number;
}

export interface Seat {
  dice: number;
  bullets: number;
  losses: number;
  out: boolean;
}

/**
 * The table as rules.md describes it, played one action at a time. Straightforward and imperative on purpose:
 * it is the second opinion the engine is compared with.
 */
export class Table {
  readonly seats = new Map<string, Seat>();
  readonly rounds: RefRound[] = [];
  readonly outcomes: RefOutcome[] = [];
  readonly palificoUsed = new Set<string>();
  readonly eliminations: string[][] = [];
  lockedFace: number | null = null;
  toAct: string | null = null;
  winner: string | null = null;
  pulls = 0;
  private readonly resolver: Resolver;

  constructor(
    readonly scenario: RefScenario,
    readonly sources: Sources,
  ) {
    for (const p of scenario.players) {
      this.seats.set(p, { dice: scenario.options.startingDice, bullets: 0, losses: 0, out: false });
    }
    this.resolver = new Resolver(this);
    this.startRound(scenario.starter, false);
  }

  get round(): RefRound {
    const round = this.rounds[this.rounds.length - 1];
    if (round === undefined) throw new Error('no round');
    return round;
  }

  seat(p: string): Seat {
    const seat = this.seats.get(p);
    if (seat === undefined) throw new Error(`no seat ${p}`);
    return seat;
  }

  alive(): string[] {
    return this.scenario.players.filter((p) => !this.seat(p).out);
  }

  /** The next player still in after `p` in seat order (p itself may be out). */
  nextAfter(p: string): string {
    const players = this.scenario.players;
    const from = players.indexOf(p);
    for (let step = 1; step <= players.length; step++) {
      const candidate = players[(from + step) % players.length] as string;
      if (!this.seat(candidate).out) return candidate;
    }
    throw new Error('nobody left');
  }

  diceInPlay(): number {
    let sum = 0;
    for (const seat of this.seats.values()) if (!seat.out) sum += seat.dice;
    return sum;
  }

  wild(): boolean {
    return this.scenario.options.wildOnes && !this.round.palifico;
  }

  lastBid(): RefBid | null {
    return this.round.bids[this.round.bids.length - 1] ?? null;
  }

  startRound(starter: string, palifico: boolean): void {
    const number = this.rounds.length + 1;
    const listed = this.scenario.dice[number - 1];
    const dice: Record<string, number[]> = {};
    this.scenario.players.forEach((p, seatIndex) => {
      const seat = this.seat(p);
      const given = listed?.[p];
      if (seat.out) {
        if (given !== undefined && given.length > 0) throw new RefInvalid(`dice[${number - 1}].${p}: out`);
        return;
      }
      if (listed !== undefined && given?.length !== seat.dice) throw new RefInvalid(`dice[${number - 1}].${p}: length`);
      dice[p] = given !== undefined ? [...given] : this.sources.dice(number, seatIndex, seat.dice);
    });
    if (palifico) this.palificoUsed.add(starter);
    this.rounds.push({ number, starter, palifico, dice, bids: [], end: null });
    this.lockedFace = null;
    this.toAct = starter;
  }

  /** The error code the action would get (scenario-format.md's order), or null when it is accepted. */
  check(action: RefAction): ErrorCode | null {
    if (!this.seats.has(action.by)) return 'UNKNOWN_PLAYER';
    if (this.winner !== null) return 'MATCH_OVER';
    if (action.by !== this.toAct) return 'NOT_YOUR_TURN';
    if (action.kind === 'bid') return bidError(this.bidContext(action.by), action.quantity, action.face);
    if (action.kind === 'timeout') return null;
    if (this.lastBid() === null) return 'NO_BID';
    const spotOnOn = this.scenario.ruleset !== 'classic' && this.scenario.options.spotOn && !this.round.palifico;
    if (action.kind === 'spot-on' && !spotOnOn) return 'SPOT_ON_DISABLED';
    return null;
  }

  bidContext(by: string): BidContext {
    return {
      ruleset: this.scenario.ruleset,
      wild: this.wild(),
      palifico: this.round.palifico,
      lockedFace: this.lockedFace,
      diceInPlay: this.diceInPlay(),
      bidderDice: this.seat(by).dice,
      last: this.lastBid(),
    };
  }

  apply(action: RefAction): RefOutcome {
    const error = this.check(action);
    const outcome: RefOutcome = error === null ? { ok: true } : { ok: false, error };
    this.outcomes.push(outcome);
    if (error !== null) return outcome;
    if (action.kind === 'bid') {
      this.round.bids.push({ by: action.by, quantity: action.quantity, face: action.face });
      if (this.round.palifico) this.lockedFace = action.face;
      this.toAct = this.nextAfter(action.by);
    } else {
      this.resolver.resolve(action.kind, action.by);
    }
    return outcome;
  }

  countLastBid(): number {
    const bid = this.lastBid();
    return bid === null ? 0 : countFor(this.round.dice, bid.face, this.wild());
  }

  report(): RefReport {
    const players: RefReport['players'] = {};
    for (const p of this.scenario.players) {
      const seat = this.seat(p);
      players[p] = { dice: seat.out ? 0 : seat.dice, bullets: seat.bullets, out: seat.out };
    }
    const over = this.winner !== null;
    return {
      actions: this.outcomes,
      rounds: this.rounds,
      players,
      toAct: over ? null : this.toAct,
      winner: this.winner,
      placements: over ? [[this.winner as string], ...[...this.eliminations].reverse()] : null,
    };
  }
}
