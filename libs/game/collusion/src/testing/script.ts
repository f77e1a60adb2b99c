import { decide, evolve, initialState, type MatchCommand, type MatchEvent, type MatchState, RuleViolation } from '@liars-dice/game-rules';

/** Plays commands through the real engine and keeps the events, as a match stream would hold them. */
export class Script {
  state: MatchState = initialState;
  readonly events: MatchEvent[] = [];

  static classic(players: readonly string[], options: object = { startingDice: 3 }): Script {
    return new Script().do({ type: 'CreateMatch', data: { matchId: 'm', ruleset: 'classic', players, options } });
  }

  do(command: MatchCommand): this {
    const decided = decide(this.state, command);
    if (decided instanceof RuleViolation) throw new Error(`${command.type} rejected: ${decided.code} ${decided.message}`);
    for (const event of decided) {
      this.events.push(event);
      this.state = evolve(this.state, event);
    }
    return this;
  }

  roll(dice: Record<string, readonly number[]>): this {
    return this.do({ type: 'RollDice', data: { dice } });
  }

  bid(by: string, quantity: number, face: number): this {
    return this.do({ type: 'PlaceBid', data: { by, quantity, face } });
  }

  liar(by: string): this {
    return this.do({ type: 'CallLiar', data: { by } });
  }
}
