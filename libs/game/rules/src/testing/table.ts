import { decide } from '../decide';
import { evolve } from '../evolve';
import type { MatchCommand } from '../commands';
import type { MatchEvent } from '../events';
import { RuleViolation } from '../rule-violation';
import { initialState, type MatchState } from '../state';
import type { PlayerId } from '../vocabulary';

/**
 * A table under test: `given` builds the history through the real decider (a rejected set-up step fails the
 * test at once), `when` decides one more command and returns its events or its violation.
 */
export class Table {
  state: MatchState = initialState;
  readonly events: MatchEvent[] = [];

  static create(ruleset: string, players: readonly PlayerId[], options?: unknown, starter?: PlayerId): Table {
    return new Table().do({ type: 'CreateMatch', data: { matchId: 'm', ruleset, players, options, starter } });
  }

  do(command: MatchCommand): this {
    const decided = decide(this.state, command);
    if (decided instanceof RuleViolation) throw new Error(`given step ${command.type} was rejected: ${decided.code} ${decided.message}`);
    for (const event of decided) {
      this.events.push(event);
      this.state = evolve(this.state, event);
    }
    return this;
  }

  roll(dice: Record<PlayerId, readonly number[]>, at?: number): this {
    return this.do({ type: 'RollDice', data: at === undefined ? { dice } : { dice, at } });
  }

  bid(by: PlayerId, quantity: number, face: number): this {
    return this.do({ type: 'PlaceBid', data: { by, quantity, face } });
  }

  liar(by: PlayerId): this {
    return this.do({ type: 'CallLiar', data: { by } });
  }

  spotOn(by: PlayerId): this {
    return this.do({ type: 'CallSpotOn', data: { by } });
  }

  pull(chamber: number): this {
    return this.do({ type: 'PullTrigger', data: { chamber } });
  }

  when(command: MatchCommand): readonly MatchEvent[] | RuleViolation {
    return decide(this.state, command);
  }

  /** The code of the violation `command` is rejected with, or 'accepted'. */
  verdict(command: MatchCommand): string {
    const result = this.when(command);
    return result instanceof RuleViolation ? result.code : 'accepted';
  }

  types(): string[] {
    return this.events.map((event) => event.type);
  }
}

export const bid = (by: PlayerId, quantity: number, face: number): MatchCommand => ({ type: 'PlaceBid', data: { by, quantity, face } });
export const liar = (by: PlayerId): MatchCommand => ({ type: 'CallLiar', data: { by } });
export const spotOn = (by: PlayerId): MatchCommand => ({ type: 'CallSpotOn', data: { by } });
export const timeOut = (player: PlayerId, at?: number): MatchCommand => ({ type: 'TimeOut', data: at === undefined ? { player } : { player, at } });

/** n copies of a face: a hand that makes counts obvious in a table row. */
export const hand = (n: number, face: number): number[] => Array.from({ length: n }, () => face);

/** Hands of one face for every player still in, as long as the dice each holds: counts become obvious. */
export function uniformRoll(table: Table, face: number): Table {
  const state = table.state;
  if (state.status !== 'awaiting-roll') throw new Error(`no roll due (status ${state.status})`);
  const dice = Object.fromEntries(state.seats.filter((s) => !s.out).map((s) => [s.id, hand(s.dice, face)]));
  return table.roll(dice);
}

function toAct(table: Table): string {
  if (table.state.status !== 'bidding') throw new Error(`nobody to act (status ${table.state.status})`);
  return table.state.toAct;
}

/** Plays one round (all dice 2s) in which `player` bids sixes that are not there and is called. */
export function loseOneDie(table: Table, player: string): Table {
  uniformRoll(table, 2);
  let quantity = 1;
  while (toAct(table) !== player) table.bid(toAct(table), quantity++, 6);
  table.bid(player, quantity, 6);
  return table.liar(toAct(table));
}

/** Plays one round (all dice 2s) that ends with `caller` calling spot-on on an exactly right bid of 2s. */
export function exactSpotOnBy(table: Table, caller: string): Table {
  uniformRoll(table, 2);
  const state = table.state;
  if (state.status !== 'bidding') throw new Error('not bidding');
  const order: string[] = [];
  for (let who = state.toAct; who !== caller || order.length === 0; ) {
    order.push(who);
    const seats = state.seats.filter((s) => !s.out).map((s) => s.id);
    who = seats[(seats.indexOf(who) + 1) % seats.length] ?? who;
    if (order.length > seats.length) throw new Error(`${caller} is not at the table`);
  }
  if (order[0] === caller) order.push(...order.splice(0)); // the caller cannot call before a bid: a full lap first
  const total = state.seats.reduce((sum, s) => sum + s.dice, 0);
  order.forEach((who, i) => table.bid(who, total - order.length + 1 + i, 2));
  return table.spotOn(caller);
}
