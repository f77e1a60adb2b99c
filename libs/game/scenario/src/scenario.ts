import type { Face, PlayerId, Ruleset } from '@liars-dice/game-rules';

/** One action of a scenario file, as written there. */
export type ScenarioAction =
  | { readonly by: PlayerId; readonly bid: readonly [number, number] }
  | { readonly by: PlayerId; readonly call: 'liar' | 'spot-on' }
  | { readonly by: PlayerId; readonly timeout: true };

/** A validated scenario (docs/protocols/scenario-format.md). Dice lengths are checked when each round is dealt. */
export interface Scenario {
  readonly ruleset: Ruleset;
  readonly options: Readonly<Record<string, unknown>> | undefined;
  readonly players: readonly PlayerId[];
  readonly starter: PlayerId | undefined;
  readonly dice: readonly Readonly<Record<PlayerId, readonly Face[]>>[];
  readonly chambers: readonly Face[];
  readonly seed: number | undefined;
  readonly actions: readonly ScenarioAction[];
}

/** The file is not a valid scenario; the message names the field (exit code 2 in the CLI). */
export class InvalidScenarioError extends Error {
  override readonly name = 'InvalidScenarioError';
}
