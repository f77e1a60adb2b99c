import { type RefAction, type RefOptions, type RefScenario, type Ruleset } from './types';

/** Reading of rules.md §1: which option keys each ruleset has, and which values each may take. */
type OptionCheck = (value: unknown) => boolean;
const isBool: OptionCheck = (v) => typeof v === 'boolean';
const intIn = (lo: number, hi: number): OptionCheck => (v) => Number.isInteger(v) && (v as number) >= lo && (v as number) <= hi;
const timerOrOff: OptionCheck = (v) => v === null || intIn(10, 600)(v);

const OPTION_CHECKS: Record<Ruleset, Record<string, OptionCheck>> = {
  classic: { startingDice: intIn(3, 5), wildOnes: isBool, turnSeconds: timerOrOff },
  perudo: { wildOnes: isBool, spotOn: isBool, palifico: isBool, turnSeconds: timerOrOff },
  revolver: { wildOnes: isBool, spotOn: isBool, bullets: intIn(1, 5), turnSeconds: intIn(10, 600) },
};

const DEFAULTS: Record<Ruleset, RefOptions> = {
  classic: { startingDice: 5, wildOnes: true, spotOn: false, palifico: false, bullets: 0, turnSeconds: null },
  perudo: { startingDice: 5, wildOnes: true, spotOn: true, palifico: true, bullets: 0, turnSeconds: null },
  revolver: { startingDice: 5, wildOnes: true, spotOn: true, palifico: false, bullets: 1, turnSeconds: 60 },
};

export const OPTION_KEYS: Record<Ruleset, readonly string[]> = {
  classic: Object.keys(OPTION_CHECKS.classic),
  perudo: Object.keys(OPTION_CHECKS.perudo),
  revolver: Object.keys(OPTION_CHECKS.revolver),
};

const FIELDS = ['ruleset', 'options', 'players', 'starter', 'dice', 'chambers', 'seed', 'actions'];

class Bad extends Error {}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isDie = (v: unknown): boolean => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 6;

function need(condition: boolean, message: string): void {
  if (!condition) throw new Bad(message);
}

function rulesetOf(v: unknown): Ruleset {
  need(v === 'classic' || v === 'perudo' || v === 'revolver', `ruleset: unknown ${JSON.stringify(v)}`);
  return v as Ruleset;
}

function optionsOf(ruleset: Ruleset, v: unknown): RefOptions {
  if (v === undefined) return DEFAULTS[ruleset];
  need(isObject(v), 'options: not an object');
  const checks = OPTION_CHECKS[ruleset];
  for (const [key, value] of Object.entries(v as Record<string, unknown>)) {
    const check = checks[key];
    need(check !== undefined, `options.${key}: not an option of ${ruleset}`);
    need(check !== undefined && check(value), `options.${key}: bad value`);
  }
  return { ...DEFAULTS[ruleset], ...(v as Partial<RefOptions>) };
}

function playersOf(v: unknown): string[] {
  need(Array.isArray(v), 'players: not an array');
  const players = v as unknown[];
  need(players.length >= 2 && players.length <= 6, 'players: 2 to 6');
  need(players.every((p) => typeof p === 'string' && p.length > 0), 'players: names');
  need(new Set(players).size === players.length, 'players: listed twice');
  return players as string[];
}

function diceOf(v: unknown, players: readonly string[]): Record<string, number[]>[] {
  if (v === undefined) return [];
  need(Array.isArray(v), 'dice: not an array');
  return (v as unknown[]).map((round, i) => {
    need(isObject(round), `dice[${i}]: not an object`);
    for (const [name, roll] of Object.entries(round as Record<string, unknown>)) {
      need(players.includes(name), `dice[${i}].${name}: not a player`);
      need(Array.isArray(roll) && roll.every(isDie), `dice[${i}].${name}: values 1-6`);
    }
    return round as Record<string, number[]>;
  });
}

function chambersOf(v: unknown): number[] {
  if (v === undefined) return [];
  need(Array.isArray(v) && (v as unknown[]).every(isDie), 'chambers: values 1-6');
  return v as number[];
}

function actionOf(v: unknown, i: number): RefAction {
  need(isObject(v) && typeof v['by'] === 'string', `actions[${i}].by`);
  const a = v as Record<string, unknown>;
  const by = a['by'] as string;
  const kinds = ['bid', 'call', 'timeout'].filter((k) => k in a);
  need(kinds.length === 1, `actions[${i}]: exactly one of bid, call, timeout`);
  if (kinds[0] === 'bid') {
    const bid = a['bid'];
    const numbers = Array.isArray(bid) && bid.length === 2 && bid.every((n) => typeof n === 'number');
    need(numbers, `actions[${i}].bid: [quantity, face]`);
    const [quantity, face] = bid as [number, number];
    return { by, kind: 'bid', quantity, face };
  }
  if (kinds[0] === 'timeout') {
    need(a['timeout'] === true, `actions[${i}].timeout`);
    return { by, kind: 'timeout' };
  }
  need(a['call'] === 'liar' || a['call'] === 'spot-on', `actions[${i}].call`);
  return { by, kind: a['call'] as 'liar' | 'spot-on' };
}

/** The whole file, or the first problem found (we only need to agree with the engine on invalid vs valid). */
export function validateScenario(text: string): RefScenario | { invalid: string } {
  try {
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      throw new Bad('bad JSON');
    }
    need(isObject(raw), 'not an object');
    const file = raw as Record<string, unknown>;
    // Unknown fields are refused, as unknown options are (scenario-format.md lists every field).
    const unknown = Object.keys(file).filter((k) => !FIELDS.includes(k));
    need(unknown.length === 0, `${unknown[0]}: not a scenario field`);
    const ruleset = rulesetOf(file['ruleset']);
    const options = optionsOf(ruleset, file['options']);
    const players = playersOf(file['players']);
    const starter = file['starter'] === undefined ? players[0] : file['starter'];
    need(typeof starter === 'string' && players.includes(starter), 'starter: not a player');
    // An integer JSON can carry exactly (beyond 2^53 a number is rounded, so the seed would not be the one written).
    need(file['seed'] === undefined || Number.isSafeInteger(file['seed']), 'seed: not a safe integer');
    const actions = file['actions'] === undefined ? [] : file['actions'];
    need(Array.isArray(actions), 'actions: not an array');
    return {
      ruleset,
      options,
      players,
      starter: starter as string,
      dice: diceOf(file['dice'], players),
      chambers: chambersOf(file['chambers']),
      seed: file['seed'] === undefined ? null : (file['seed'] as number),
      actions: (actions as unknown[]).map(actionOf),
    };
  } catch (e) {
    if (e instanceof Bad) return { invalid: e.message };
    throw e;
  }
}
