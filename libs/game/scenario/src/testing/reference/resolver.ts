import { type Table } from './table';
import { type RefEnd } from './types';

/** How a round ends (rules.md §4-§8): liar, spot-on, timeout; penalties, shots, eliminations, next round. */
export class Resolver {
  private palificoFor: string | null = null;

  constructor(private readonly table: Table) {}

  resolve(kind: 'liar' | 'spot-on' | 'timeout', by: string): void {
    const t = this.table;
    const bid = t.lastBid();
    const end: RefEnd = {
      call: kind,
      by,
      bid: bid === null ? null : { ...bid },
      count: null,
      holds: null,
      losers: [],
      diceLost: {},
      diceGained: {},
      shots: [],
      eliminated: [],
    };
    t.round.end = end;
    this.palificoFor = null;
    let next = by;
    if (kind === 'timeout' || bid === null) {
      this.penalize(end, by, true);
    } else if (kind === 'liar') {
      end.count = t.countLastBid();
      end.holds = end.count >= bid.quantity;
      next = end.holds ? by : bid.by;
      this.penalize(end, next, false);
    } else {
      end.count = t.countLastBid();
      end.holds = end.count === bid.quantity;
      if (end.holds) this.reward(end, by);
      else this.penalize(end, by, false);
    }
    this.finish(end, next);
  }

  private penalize(end: RefEnd, p: string, timeout: boolean): void {
    const t = this.table;
    const seat = t.seat(p);
    const options = t.scenario.options;
    end.losers.push(p);
    if (t.scenario.ruleset === 'revolver') {
      seat.losses += 1;
      const load = seat.losses === 1 ? options.bullets : 1;
      seat.bullets = timeout ? 6 : Math.min(6, seat.bullets + load);
      this.shoot(end, p);
      return;
    }
    const before = seat.dice;
    seat.dice -= 1;
    end.diceLost[p] = 1;
    if (seat.dice === 0) this.eliminate(end, p);
    const palificoOn = t.scenario.ruleset === 'perudo' && options.palifico;
    if (palificoOn && before === 2 && !t.palificoUsed.has(p)) this.palificoFor = p;
  }

  private reward(end: RefEnd, caller: string): void {
    const t = this.table;
    if (t.scenario.ruleset === 'perudo') {
      const seat = t.seat(caller);
      if (seat.dice < t.scenario.options.startingDice) {
        seat.dice += 1;
        end.diceGained[caller] = 1;
      }
      return;
    }
    // Revolver exact call: everyone else still in adds a bullet and shoots, in seat order after the caller.
    const shooters: string[] = [];
    for (let p = t.nextAfter(caller); p !== caller; p = t.nextAfter(p)) shooters.push(p);
    for (const p of shooters) {
      const seat = t.seat(p);
      seat.bullets = Math.min(6, seat.bullets + 1);
      this.shoot(end, p);
    }
  }

  private shoot(end: RefEnd, p: string): void {
    const t = this.table;
    t.pulls += 1;
    const chamber = t.scenario.chambers[t.pulls - 1] ?? t.sources.chamber(t.pulls);
    const bullets = t.seat(p).bullets;
    const fatal = chamber <= bullets;
    end.shots.push({ player: p, bullets, chamber, fatal });
    if (fatal) this.eliminate(end, p);
  }

  private eliminate(end: RefEnd, p: string): void {
    const seat = this.table.seat(p);
    seat.out = true;
    seat.dice = 0;
    end.eliminated.push(p);
  }

  private finish(end: RefEnd, next: string): void {
    const t = this.table;
    if (end.eliminated.length > 0) t.eliminations.push([...end.eliminated]);
    const alive = t.alive();
    if (alive.length === 1) {
      t.winner = alive[0] as string;
      t.toAct = null;
      return;
    }
    if (this.palificoFor !== null && !t.seat(this.palificoFor).out) {
      t.startRound(this.palificoFor, true);
      return;
    }
    t.startRound(t.seat(next).out ? t.nextAfter(next) : next, false);
  }
}

