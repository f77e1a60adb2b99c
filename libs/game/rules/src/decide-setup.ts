import type { CreateMatch, RollDice } from './commands';
import type { MatchEvent } from './events';
import { resolveOptions } from './options';
import { RuleViolation } from './rule-violation';
import { type MatchState, turnDeadline } from './state';
import { type Face, isFace, isRuleset, MAX_PLAYERS, MIN_PLAYERS } from './vocabulary';

export function createMatch(state: MatchState, data: CreateMatch['data']): readonly MatchEvent[] | RuleViolation {
  if (state.status !== 'none') return new RuleViolation('MATCH_EXISTS', 'the match already exists');
  if (typeof data.matchId !== 'string' || data.matchId.length === 0) {
    return new RuleViolation('INVALID_MATCH', 'matchId: expected a non-empty string');
  }
  if (!isRuleset(data.ruleset)) return new RuleViolation('INVALID_MATCH', 'ruleset: expected classic, perudo or revolver');
  const players = data.players;
  const playersProblem = checkPlayers(players);
  if (playersProblem) return new RuleViolation('INVALID_MATCH', playersProblem);
  const starter = data.starter ?? players[0];
  if (typeof starter !== 'string' || !players.includes(starter)) {
    return new RuleViolation('INVALID_MATCH', 'starter: expected one of the players');
  }
  const options = resolveOptions(data.ruleset, data.options);
  if (options instanceof RuleViolation) return options;
  const fairness = data.fairness ?? null;
  return [{ type: 'MatchCreated', data: { matchId: data.matchId, ruleset: data.ruleset, options, players: [...players], starter, fairness } }];
}

function checkPlayers(players: unknown): string | null {
  if (!Array.isArray(players) || players.length < MIN_PLAYERS || players.length > MAX_PLAYERS) {
    return `players: expected ${MIN_PLAYERS} to ${MAX_PLAYERS} players`;
  }
  const seen = new Set<string>();
  for (const [i, player] of players.entries()) {
    if (typeof player !== 'string' || player.length === 0) return `players[${i}]: expected a non-empty string`;
    if (seen.has(player)) return `players[${i}]: ${player} is listed twice`;
    // Hands, dice counts and losses are kept in plain objects keyed by player: assigning under `__proto__`
    // replaces the object's prototype instead of adding a key, so that player's dice would silently vanish
    // from every count (a scenario file or a bot request could name a player so).
    if (player === '__proto__') return `players[${i}]: "__proto__" cannot name a player (its hand would be lost)`;
    seen.add(player);
  }
  return null;
}

/** The house rolls: one hand per player still in, exactly as many dice as each holds (rules.md §2). */
export function rollDice(state: MatchState, data: RollDice['data']): readonly MatchEvent[] | RuleViolation {
  if (state.status !== 'awaiting-roll') return new RuleViolation('UNEXPECTED_COMMAND', 'no roll is due now');
  const given = data.dice;
  if (!given || typeof given !== 'object') return new RuleViolation('INVALID_DICE', 'dice: expected an object of hands');
  const dice: Record<string, readonly Face[]> = {};
  for (const seat of state.seats) {
    if (seat.out) continue;
    const hand = given[seat.id];
    if (!Array.isArray(hand) || hand.length !== seat.dice) {
      return new RuleViolation('INVALID_DICE', `dice.${seat.id}: expected ${seat.dice} dice`);
    }
    if (!hand.every(isFace)) return new RuleViolation('INVALID_DICE', `dice.${seat.id}: every die is a whole number from 1 to 6`);
    dice[seat.id] = hand as readonly Face[];
  }
  const extra = Object.keys(given).find((player) => !(player in dice));
  if (extra !== undefined) return new RuleViolation('INVALID_DICE', `dice.${extra}: not a player still in the game`);
  const { number, starter, palifico } = state.next;
  return [{ type: 'RoundStarted', data: { round: number, starter, palifico, dice, turnDeadline: turnDeadline(state.options, data.at) } }];
}
