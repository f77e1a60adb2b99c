import { ADJUSTABLE_OPTIONS, type PlayerView } from '@liars-dice/game-rules';
import type { BotKind } from '../strategy';

/**
 * The bot-protocol request for a seat's view (docs/protocols/bot-protocol.md): what a server or a tournament
 * tool sends to ask `npm run bot` for that seat's move. Only the options the family lets a table choose
 * are written, as in a scenario file.
 */
export function botRequestOf(view: PlayerView, difficulty: BotKind, seed: number): Record<string, unknown> {
  const adjustable = Object.keys(ADJUSTABLE_OPTIONS[view.ruleset]) as (keyof PlayerView['options'])[];
  const options = Object.fromEntries(adjustable.map((key) => [key, view.options[key]]));
  return {
    ruleset: view.ruleset,
    options,
    difficulty,
    seed,
    view: {
      me: view.me,
      myDice: view.myDice,
      players: view.players,
      round: view.round,
      history: view.history.map((round) => ({
        number: round.number,
        starter: round.starter,
        palifico: round.palifico,
        bids: round.bids,
        end: round.end && { call: round.end.call, by: round.end.by, count: round.end.count, losers: round.end.losers },
        dice: round.dice,
      })),
    },
  };
}
