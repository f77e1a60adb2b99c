import { decide as decideEngine, type FairnessCommitment, RuleViolation } from '@liars-dice/game-rules';
import type { Actor } from '../actor';
import type { TableCommand } from '../commands';
import { decideTable } from '../decide';
import type { StreamEvent } from '../events';
import { MAX_LOBBY_IDLE_SECONDS } from '../lobby-idle';
import type { MatchPlan, SeatRequest } from '../plan';
import { evolveTableState, initialTableState, type TableState } from '../state';
import { TableViolation } from '../violation';
import type { AccountRef } from '../vocabulary';

export const ann: AccountRef = { id: 'a1', name: 'ann' };
export const bob: AccountRef = { id: 'b2', name: 'bob' };
export const cyd: AccountRef = { id: 'c3', name: 'cyd' };
export const human: SeatRequest = { kind: 'human' };
export const cpu: SeatRequest = { kind: 'cpu' };
const fairness: FairnessCommitment = { version: 'v1', commitment: '00'.repeat(32) };

export const account = (who: AccountRef): Actor => ({ kind: 'account', ...who });

export function plan(seats: readonly SeatRequest[], extra: Partial<MatchPlan> = {}): MatchPlan {
  return { ruleset: 'perudo', options: {}, seats, ranked: false, kind: 'regular', ...extra };
}

/** `lobbyIdleMaxSeconds`: the server's `LOBBY_IDLE_MAX_SECONDS`, the ceiling of the plan's idle time (30 days when omitted). */
export const open = (host: AccountRef, matchPlan: MatchPlan, lobbyIdleMaxSeconds?: number): TableCommand => ({
  type: 'OpenMatch',
  data: { matchId: 'm1', host, plan: matchPlan, fairness, sealedSeed: 'sealed', at: 1_000, ...(lobbyIdleMaxSeconds === undefined ? {} : { lobbyIdleMaxSeconds }) },
});
export const join = (who: AccountRef, seat: string | null = null): TableCommand => ({ type: 'JoinMatch', data: { account: who, seat, at: 2_000 } });
export const start = (who: AccountRef): TableCommand => ({ type: 'StartMatch', data: { account: who, at: 3_000 } });
export const leave = (who: AccountRef): TableCommand => ({ type: 'LeaveMatch', data: { actor: account(who), at: 4_000 } });
export const close = (who: AccountRef, admin = false): TableCommand => ({ type: 'CloseLobby', data: { account: who, admin, at: 4_000 } });
/**
 * The lobby timer's command: idle since `idleSince`, on a server whose `LOBBY_IDLE_SECONDS` is `lobbyIdleSeconds`
 * and `LOBBY_IDLE_MAX_SECONDS` is `lobbyIdleMaxSeconds` (30 days unless given), decided at `at`.
 */
export const expire = (idleSince: number, lobbyIdleSeconds: number, at: number, lobbyIdleMaxSeconds = MAX_LOBBY_IDLE_SECONDS): TableCommand => ({
  type: 'ExpireLobby',
  data: { idleSince, settings: { lobbyIdleSeconds, lobbyIdleMaxSeconds }, at },
});
export const bid = (actor: Actor, quantity: number, face: number): TableCommand => ({ type: 'PlaceBid', data: { actor, quantity, face, at: 5_000 } });
export const liar = (actor: Actor): TableCommand => ({ type: 'CallLiar', data: { actor, at: 5_000 } });

/**
 * A match table under test: `given` steps go through the real decider (a refused step fails the test at
 * once), `when` decides one more command and returns its events or its violation.
 */
export class TableUnderTest {
  state: TableState = initialTableState;
  readonly events: StreamEvent[] = [];

  static opened(host: AccountRef, matchPlan: MatchPlan): TableUnderTest {
    return new TableUnderTest().do(open(host, matchPlan));
  }

  do(command: TableCommand): this {
    const decided = decideTable(this.state, command);
    if (decided instanceof TableViolation || decided instanceof RuleViolation) {
      throw new Error(`given step ${command.type} was refused: ${decided.code} ${decided.message}`);
    }
    return this.apply(...decided);
  }

  apply(...events: readonly StreamEvent[]): this {
    for (const event of events) {
      this.events.push(event);
      this.state = evolveTableState(this.state, event);
    }
    return this;
  }

  /** The house's roll of the round due, through the engine: every die shows `face`, so counts are obvious. */
  roll(face = 2): this {
    const game = this.state.game;
    if (game.status !== 'awaiting-roll') throw new Error(`no roll due (status ${game.status})`);
    const dice = Object.fromEntries(game.seats.filter((s) => !s.out).map((s) => [s.id, Array.from({ length: s.dice }, () => face)]));
    const rolled = decideEngine(game, { type: 'RollDice', data: { dice } });
    if (rolled instanceof RuleViolation) throw new Error(`roll refused: ${rolled.message}`);
    return this.apply(...rolled);
  }

  when(command: TableCommand): readonly StreamEvent[] | TableViolation | RuleViolation {
    return decideTable(this.state, command);
  }

  /** The code `command` is refused with, or 'accepted'. */
  verdict(command: TableCommand): string {
    const result = this.when(command);
    return result instanceof TableViolation || result instanceof RuleViolation ? result.code : 'accepted';
  }

  /** Whose turn it is (the seat id), for a started table. */
  toAct(): string {
    if (this.state.game.status !== 'bidding') throw new Error(`nobody to act (status ${this.state.game.status})`);
    return this.state.game.toAct;
  }
}
