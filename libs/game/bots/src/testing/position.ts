import type { Action, Face, PlayerView, Ruleset } from '@liars-dice/game-rules';
import { parseBotRequest } from '../protocol/bot-request';

export interface PositionSpec {
  readonly ruleset: Ruleset;
  readonly options?: Record<string, unknown>;
  /** My dice; I am `me`, the second seat unless `seats` says otherwise. */
  readonly mine: readonly Face[];
  /** Seats in order as [id, dice, bullets]; default: ann with 5 dice, then me. */
  readonly seats?: readonly (readonly [string, number, number?])[];
  readonly me?: string;
  /** This round's bids as [by, quantity, face], the opener first. */
  readonly bids?: readonly (readonly [string, number, Face])[];
  readonly starter?: string;
  readonly palifico?: boolean;
}

/** A position built the way the bot protocol builds one: through the engine, so the legal actions are real. */
export function position(spec: PositionSpec): { view: PlayerView; legal: readonly Action[] } {
  const me = spec.me ?? 'me';
  const seats = spec.seats ?? [
    ['ann', 5],
    [me, spec.mine.length],
  ];
  const bids = spec.bids ?? [];
  const { view, legal } = parseBotRequest({
    ruleset: spec.ruleset,
    options: spec.options,
    difficulty: 'expert',
    view: {
      me,
      myDice: spec.mine,
      players: seats.map(([id, dice, bullets]) => ({ id, dice, bullets: bullets ?? 0, out: false })),
      round: {
        number: 1,
        starter: spec.starter ?? bids[0]?.[0] ?? me,
        palifico: spec.palifico ?? false,
        bids: bids.map(([by, quantity, face]) => ({ by, quantity, face })),
      },
    },
  });
  return { view, legal };
}
