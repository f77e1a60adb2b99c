import { MAX_PLAYERS, MIN_PLAYERS, isFace, isRuleset, resolveOptions, RuleViolation, type Face } from '@liars-dice/game-rules';
import { InvalidScenarioError, type Scenario, type ScenarioAction } from './scenario';

type Json = Record<string, unknown>;

const TOP_LEVEL = new Set(['ruleset', 'options', 'players', 'starter', 'dice', 'chambers', 'seed', 'actions', 'name', 'description', 'comment']);

function fail(message: string): never {
  throw new InvalidScenarioError(message);
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Validates untrusted JSON into a scenario, or throws `InvalidScenarioError` naming the first bad field. */
export function parseScenario(input: unknown): Scenario {
  if (!isObject(input)) fail('scenario: expected a JSON object');
  const unknownKey = Object.keys(input).find((key) => !TOP_LEVEL.has(key));
  if (unknownKey !== undefined) fail(`${unknownKey}: not a scenario field`);
  if (!isRuleset(input.ruleset)) fail('ruleset: expected "classic", "perudo" or "revolver"');
  const options = input.options;
  if (options !== undefined && !isObject(options)) fail('options: expected an object');
  const resolved = resolveOptions(input.ruleset, options);
  if (resolved instanceof RuleViolation) fail(resolved.message);
  const players = parsePlayers(input.players);
  const starter = input.starter;
  if (starter !== undefined && (typeof starter !== 'string' || !players.includes(starter))) {
    fail('starter: expected one of the players');
  }
  return {
    ruleset: input.ruleset,
    options,
    players,
    starter,
    dice: parseDice(input.dice, players),
    chambers: parseChambers(input.chambers),
    seed: parseSeed(input.seed),
    actions: parseActions(input.actions),
  };
}

function parsePlayers(players: unknown): string[] {
  if (!Array.isArray(players) || players.length < MIN_PLAYERS || players.length > MAX_PLAYERS) {
    fail(`players: expected an array of ${MIN_PLAYERS} to ${MAX_PLAYERS} player names`);
  }
  const seen = new Set<string>();
  players.forEach((player: unknown, i) => {
    if (typeof player !== 'string' || player.length === 0) fail(`players[${i}]: expected a non-empty string`);
    if (seen.has(player)) fail(`players[${i}]: ${JSON.stringify(player)} is listed twice`);
    seen.add(player);
  });
  return players as string[];
}

function parseDice(dice: unknown, players: readonly string[]): Scenario['dice'] {
  if (dice === undefined) return [];
  if (!Array.isArray(dice)) fail('dice: expected an array of rounds');
  return dice.map((round: unknown, r) => {
    if (!isObject(round)) fail(`dice[${r}]: expected an object of hands by player`);
    for (const [player, hand] of Object.entries(round)) {
      const field = `dice[${r}].${player}`;
      if (!players.includes(player)) fail(`${field}: not a player of the match`);
      if (!Array.isArray(hand)) fail(`${field}: expected an array of dice`);
      hand.forEach((die: unknown, d) => {
        if (!isFace(die)) fail(`${field}[${d}]: a die is a whole number from 1 to 6`);
      });
    }
    return round as Record<string, Face[]>;
  });
}

function parseChambers(chambers: unknown): Face[] {
  if (chambers === undefined) return [];
  if (!Array.isArray(chambers)) fail('chambers: expected an array of chambers');
  chambers.forEach((chamber: unknown, i) => {
    if (!isFace(chamber)) fail(`chambers[${i}]: a chamber is a whole number from 1 to 6`);
  });
  return chambers as Face[];
}

function parseSeed(seed: unknown): number | undefined {
  if (seed === undefined) return undefined;
  if (typeof seed !== 'number' || !Number.isSafeInteger(seed)) fail('seed: expected an integer');
  return seed;
}

function parseActions(actions: unknown): ScenarioAction[] {
  if (actions === undefined) return [];
  if (!Array.isArray(actions)) fail('actions: expected an array');
  return actions.map((action: unknown, i) => parseAction(action, `actions[${i}]`));
}

function parseAction(action: unknown, field: string): ScenarioAction {
  if (!isObject(action)) fail(`${field}: expected an object`);
  const { by, ...rest } = action;
  if (typeof by !== 'string') fail(`${field}.by: expected a player name`);
  const keys = Object.keys(rest).filter((key) => key !== 'comment');
  if (keys.length !== 1) fail(`${field}: expected exactly one of "bid", "call" or "timeout"`);
  if ('bid' in rest) return { by, bid: parseBid(rest.bid, `${field}.bid`) };
  if ('call' in rest) {
    if (rest.call !== 'liar' && rest.call !== 'spot-on') fail(`${field}.call: expected "liar" or "spot-on"`);
    return { by, call: rest.call };
  }
  if ('timeout' in rest) {
    if (rest.timeout !== true) fail(`${field}.timeout: expected true`);
    return { by, timeout: true };
  }
  return fail(`${field}.${keys[0]}: not an action field`);
}

/** Only the shape is checked here: a quantity or face out of range is a rejected action (INVALID_BID). */
function parseBid(bid: unknown, field: string): readonly [number, number] {
  if (!Array.isArray(bid) || bid.length !== 2 || !bid.every((n) => typeof n === 'number' && Number.isFinite(n))) {
    fail(`${field}: expected [quantity, face]`);
  }
  return [bid[0], bid[1]];
}
