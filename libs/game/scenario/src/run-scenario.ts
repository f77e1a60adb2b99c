import {
  decide,
  evolve,
  initialState,
  RuleViolation,
  type Face,
  type MatchCommand,
  type MatchEvent,
  type MatchState,
} from '@liars-dice/game-rules';
import { deriveChamber, deriveDice } from '@liars-dice/game-fairness';
import { InvalidScenarioError, type Scenario, type ScenarioAction } from './scenario';
import { reportOf, type ScenarioReport, type ActionOutcome } from './report';

const MATCH_ID = 'scenario';

/**
 * Runs a scenario through the real engine. The house's randomness comes from the file first (`dice`,
 * `chambers`); past their end it is derived from `seedHex` with the public fairness algorithm, so a scenario
 * with a `seed` replays identically. Throws `InvalidScenarioError` when a listed roll does not fit the match.
 */
export function runScenario(scenario: Scenario, seedHex: string): ScenarioReport {
  const run = new ScenarioRun(scenario, seedHex);
  const created = run.apply({
    type: 'CreateMatch',
    data: { matchId: MATCH_ID, ruleset: scenario.ruleset, options: scenario.options, players: scenario.players, starter: scenario.starter },
  });
  if (created instanceof RuleViolation) throw new InvalidScenarioError(created.message);
  run.dealWhatIsDue();
  const outcomes: ActionOutcome[] = scenario.actions.map((action) => run.act(action));
  return reportOf(run.state, run.events, outcomes);
}

/** A scenario's integer seed as the 32-byte fairness seed (two's complement, big-endian hex). */
export function seedHexOf(seed: number): string {
  return BigInt.asUintN(256, BigInt(seed)).toString(16).padStart(64, '0');
}

class ScenarioRun {
  state: MatchState = initialState;
  readonly events: MatchEvent[] = [];

  constructor(
    private readonly scenario: Scenario,
    private readonly seedHex: string,
  ) {}

  apply(command: MatchCommand): RuleViolation | null {
    const decided = decide(this.state, command);
    if (decided instanceof RuleViolation) return decided;
    for (const event of decided) {
      this.events.push(event);
      this.state = evolve(this.state, event);
    }
    return null;
  }

  act(action: ScenarioAction): ActionOutcome {
    const violation = this.apply(commandOf(action));
    if (violation) return { ok: false, error: violation.code, message: violation.message };
    this.dealWhatIsDue();
    return { ok: true };
  }

  /** Rolls and trigger pulls until a player must act or the match is over. */
  dealWhatIsDue(): void {
    for (;;) {
      const state = this.state;
      if (state.status === 'awaiting-roll') this.roll(state);
      else if (state.status === 'resolving' && state.shotsDue.length > 0) this.pull(state.pulls + 1);
      else return;
    }
  }

  private roll(state: Extract<MatchState, { status: 'awaiting-roll' }>): void {
    const round = state.next.number;
    const listed = this.scenario.dice[round - 1];
    const dice: Record<string, readonly Face[]> = {};
    state.seats.forEach((seat, index) => {
      const hand = listed?.[seat.id];
      const field = `dice[${round - 1}].${seat.id}`;
      if (seat.out) {
        if (hand && hand.length > 0) throw new InvalidScenarioError(`${field}: ${seat.id} is out of the game and holds no dice`);
        return;
      }
      if (listed && !hand) throw new InvalidScenarioError(`${field}: missing (${seat.id} holds ${seat.dice} dice)`);
      if (hand && hand.length !== seat.dice) {
        throw new InvalidScenarioError(`${field}: expected ${seat.dice} dice, got ${hand.length}`);
      }
      dice[seat.id] = hand ?? deriveDice(this.seedHex, { matchId: MATCH_ID, round, seat: index, count: seat.dice });
    });
    this.mustApply({ type: 'RollDice', data: { dice } });
  }

  private pull(pull: number): void {
    const chamber = this.scenario.chambers[pull - 1] ?? deriveChamber(this.seedHex, MATCH_ID, pull);
    this.mustApply({ type: 'PullTrigger', data: { chamber } });
  }

  private mustApply(command: MatchCommand): void {
    const violation = this.apply(command);
    if (violation) throw new InvalidScenarioError(`${command.type}: ${violation.message}`);
  }
}

function commandOf(action: ScenarioAction): MatchCommand {
  if ('bid' in action) return { type: 'PlaceBid', data: { by: action.by, quantity: action.bid[0], face: action.bid[1] } };
  if ('call' in action) return { type: action.call === 'liar' ? 'CallLiar' : 'CallSpotOn', data: { by: action.by } };
  return { type: 'TimeOut', data: { player: action.by } };
}
