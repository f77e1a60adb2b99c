import { aimedAction, legalAction } from './generator-actions';
import { mutateToInvalid } from './generator-mutations';
import { fairSources, seedHexOfInteger } from './reference-model';
import { Rng } from './random';
import { type Sources, Table } from './table';
import { type RefAction, type RefScenario, type Ruleset } from './types';
import { OPTION_KEYS, validateScenario } from './validate-scenario';

/** A generated scenario file, the seed to hand the engine for whatever it leaves unlisted, and what it aims at. */
export interface GeneratedScenario {
  readonly text: string;
  readonly seedHex: string;
  readonly aim: string;
}

const NAMES = ['ann', 'bob', 'cyd', 'dee', 'eve', 'fay', 'gus', 'Zoë', 'p 1'];

function optionValue(rng: Rng, ruleset: Ruleset, key: string): unknown {
  if (key === 'startingDice') return rng.int(3, 5);
  if (key === 'bullets') return rng.int(1, 5);
  if (key === 'turnSeconds') return ruleset !== 'revolver' && rng.chance(0.4) ? null : rng.pick([10, 30, 60, 600]);
  return rng.chance(0.5);
}

/** Rolls skewed now and then (all 1s, one face everywhere) so exact counts and wild edge cases come up. */
function skewedRoll(rng: Rng, count: number): number[] {
  const style = rng.int(0, 9);
  const favourite = rng.int(1, 6);
  return Array.from({ length: count }, () => {
    if (style === 0) return rng.chance(0.6) ? 1 : rng.int(1, 6);
    if (style === 1) return rng.chance(0.6) ? favourite : rng.int(1, 6);
    return rng.int(1, 6);
  });
}

/**
 * Listed rounds/pulls come from the generator's PRNG; later ones from fairness.md, as the engine derives them.
 * A quarter of the tables list only fatal chambers (1), so an exact call kills every other player at once.
 */
function sourcesOf(rng: Rng, seedHex: string, listedRounds: number, listedPulls: number): Sources {
  const fair = fairSources(seedHex);
  const deadly = rng.chance(0.25);
  return {
    dice: (round, seat, count) => (round <= listedRounds ? skewedRoll(rng, count) : fair.dice(round, seat, count)),
    chamber: (pull) => (pull > listedPulls ? fair.chamber(pull) : deadly ? 1 : rng.int(1, 6)),
  };
}

/** A `seed` for the file: small, negative, zero or as large as JSON carries exactly. */
function fileSeed(rng: Rng): number {
  return rng.pick([0, rng.int(1, 1_000_000), -rng.int(1, 1_000_000), Number.MAX_SAFE_INTEGER - rng.int(0, 1000), Number.MIN_SAFE_INTEGER + rng.int(0, 1000)]);
}

function headerOf(rng: Rng): Record<string, unknown> {
  const ruleset = rng.pick<Ruleset>(['classic', 'perudo', 'revolver']);
  const players = rng.shuffle(NAMES).slice(0, rng.int(2, 6));
  const options: Record<string, unknown> = {};
  for (const key of OPTION_KEYS[ruleset]) if (rng.chance(0.5)) options[key] = optionValue(rng, ruleset, key);
  const file: Record<string, unknown> = { ruleset };
  if (Object.keys(options).length > 0 || rng.chance(0.2)) file['options'] = options;
  file['players'] = players;
  if (rng.chance(0.7)) file['starter'] = rng.pick(players);
  return file;
}

function play(table: Table, rng: Rng, budget: number, illegalShare: number): RefAction[] {
  const actions: RefAction[] = [];
  while (actions.length < budget) {
    if (table.winner !== null) {
      if (rng.chance(0.5)) actions.push(aimedAction(table, rng));
      break;
    }
    const share = table.round.palifico ? illegalShare + 0.15 : illegalShare;
    const action = rng.chance(share) ? aimedAction(table, rng) : legalAction(table, rng);
    actions.push(action);
    table.apply(action);
  }
  for (const a of actions.slice(table.outcomes.length)) table.apply(a);
  return actions;
}

const actionJson = (a: RefAction): Record<string, unknown> => {
  if (a.kind === 'bid') return { by: a.by, bid: [a.quantity, a.face] };
  if (a.kind === 'timeout') return { by: a.by, timeout: true };
  return { by: a.by, call: a.kind };
};

function listedDice(table: Table, rng: Rng, rounds: number): Record<string, number[]>[] {
  const withOut = rng.chance(0.2);
  const listed = table.rounds.slice(0, rounds).map((round) => {
    const dice: Record<string, number[]> = { ...round.dice };
    if (withOut) for (const p of table.scenario.players) dice[p] ??= [];
    return dice;
  });
  // An extra round that is never reached is allowed (the brief); give the players still in their current count.
  if (rounds >= table.rounds.length && rng.chance(0.1)) {
    listed.push(Object.fromEntries(table.alive().map((p) => [p, skewedRoll(rng, table.seat(p).dice)])));
  }
  return listed;
}

/** How much of the randomness the file lists: every roll and pull, the first few, or none. */
function listingOf(rng: Rng): { mode: string; listedRounds: number; listedPulls: number } {
  const mode = rng.pick(['listed', 'listed', 'listed', 'listed', 'listed', 'partial', 'partial', 'fair']);
  const listedRounds = mode === 'listed' ? Infinity : mode === 'partial' ? rng.int(1, 4) : 0;
  const listedPulls = mode === 'listed' ? Infinity : mode === 'partial' ? rng.int(0, 3) : 0;
  return { mode, listedRounds, listedPulls };
}

/** One random scenario, valid most of the time, played by the model to decide what is legal. */
export function generateScenario(seed: number): GeneratedScenario {
  const rng = new Rng(seed);
  // What the engine is handed for the house's randomness; a file with a `seed` must not use it.
  const seedHex = rng.hex(32);
  const file = headerOf(rng);
  const { mode, listedRounds, listedPulls } = listingOf(rng);
  // Most files that leave rolls unlisted carry their own seed (then what is unlisted is derived from it).
  if (rng.chance(mode === 'listed' ? 0.1 : 0.6)) file['seed'] = fileSeed(rng);
  const derivedFrom = file['seed'] === undefined ? seedHex : seedHexOfInteger(file['seed'] as number);
  const scenario = validateScenario(JSON.stringify({ ...file, actions: [] })) as RefScenario;
  const table = new Table(scenario, sourcesOf(rng, derivedFrom, listedRounds, listedPulls));
  const budget = rng.chance(0.6) ? 800 : rng.int(0, 40);
  const actions = play(table, rng, budget, rng.pick([0, 0.05, 0.15, 0.4]));
  if (listedRounds > 0) file['dice'] = listedDice(table, rng, listedRounds);
  if (scenario.ruleset === 'revolver' && listedPulls > 0) {
    const pulls = table.rounds.flatMap((r) => r.end?.shots ?? []).map((s) => s.chamber);
    file['chambers'] = [...pulls.slice(0, listedPulls), ...(rng.chance(0.1) ? [rng.int(1, 6)] : [])];
  }
  file['actions'] = actions.map(actionJson);
  if (rng.chance(0.06)) return mutateToInvalid(rng, file, table, seedHex);
  const aim = `${mode} ${scenario.ruleset}${file['seed'] === undefined ? '' : ' with a seed'}`;
  return { text: JSON.stringify(file), seedHex, aim };
}
