import { type Rng } from './random';
import { type GeneratedScenario } from './scenario-generator';
import { type Table } from './table';

type File = Record<string, unknown>;
type Mutation = (file: File, rng: Rng, table: Table) => string | File;

const firstRound = (file: File): Record<string, number[]> => {
  const dice = (file['dice'] as Record<string, number[]>[] | undefined) ?? [];
  if (dice.length === 0) dice.push({});
  file['dice'] = dice;
  return dice[0] as Record<string, number[]>;
};

const firstPlayer = (table: Table): string => table.scenario.players[0] as string;

/** Each makes a file that scenario-format.md says is not a valid scenario (exit 2). */
const MUTATIONS: Record<string, Mutation> = {
  'unknown ruleset': (file, rng) => ({ ...file, ruleset: rng.pick(['dudo', 'Perudo', '', 7]) }),
  'die value 7': (file, rng, table) => {
    const round = firstRound(file);
    const p = firstPlayer(table);
    round[p] = Array.from({ length: table.scenario.options.startingDice }, () => rng.int(1, 6));
    round[p][rng.int(0, round[p].length - 1)] = rng.pick([7, 0, 2.5]);
    return file;
  },
  'duplicate player': (file, rng, table) => {
    const players = [...table.scenario.players];
    if (players.length < 6 && rng.chance(0.5)) players.push(players[0] as string);
    else players[1] = players[0] as string;
    return { ...file, players };
  },
  'wrong dice length': (file, rng, table) => {
    const round = firstRound(file);
    const p = firstPlayer(table);
    const length = table.scenario.options.startingDice + rng.pick([-1, 1]);
    round[p] = Array.from({ length }, () => rng.int(1, 6));
    return file;
  },
  'wrong dice length in a later reached round': (file, rng, table) => {
    const dice = file['dice'] as Record<string, number[]>[] | undefined;
    const reached = Math.min(dice?.length ?? 0, table.rounds.length);
    if (dice === undefined || reached < 2) return JSON.stringify(file).slice(0, -1);
    const round = dice[rng.int(1, reached - 1)] as Record<string, number[]>;
    const p = rng.pick(Object.keys(round).filter((name) => (round[name]?.length ?? 0) > 0));
    round[p] = [...(round[p] ?? []), rng.int(1, 6)];
    return file;
  },
  'dice of a stranger': (file, _rng, table) => {
    firstRound(file)['zed'] = Array.from({ length: table.scenario.options.startingDice }, () => 2);
    return file;
  },
  'option not of the ruleset': (file, rng, table) => {
    const foreign = { classic: ['spotOn', 'palifico', 'bullets'], perudo: ['startingDice', 'bullets'], revolver: ['startingDice', 'palifico'] };
    const key = rng.pick(foreign[table.scenario.ruleset]);
    return { ...file, options: { ...(file['options'] as object), [key]: key === 'spotOn' || key === 'palifico' ? true : 5 } };
  },
  'option out of range': (file, rng, table) => {
    const bad = {
      classic: [['startingDice', 6], ['startingDice', 2], ['turnSeconds', 5], ['wildOnes', 'yes']],
      perudo: [['turnSeconds', 601], ['palifico', 1], ['spotOn', null]],
      revolver: [['bullets', 0], ['bullets', 6], ['turnSeconds', null], ['turnSeconds', 9]],
    }[table.scenario.ruleset];
    const [key, value] = rng.pick(bad) as [string, unknown];
    return { ...file, options: { ...(file['options'] as object), [key]: value } };
  },
  'player count': (file, rng) => ({ ...file, players: rng.chance(0.5) ? ['solo'] : ['a', 'b', 'c', 'd', 'e', 'f', 'g'] }),
  'unknown starter': (file) => ({ ...file, starter: 'zed' }),
  'chamber 7': (file) => ({ ...file, chambers: [3, 7] }),
  'seed not a safe integer': (file, rng) => ({ ...file, seed: rng.pick([1.5, '7', 2 ** 60, -(2 ** 60), null, true]) }),
  'bad JSON': (file, rng) => {
    const text = JSON.stringify(file);
    return rng.chance(0.5) ? text.slice(0, rng.int(0, text.length - 1)) : `${text},`;
  },
};

/** Turns a generated file into an invalid one; the model and the engine must both call it invalid. */
export function mutateToInvalid(rng: Rng, file: File, table: Table, seedHex: string): GeneratedScenario {
  const name = rng.pick(Object.keys(MUTATIONS));
  const mutated = (MUTATIONS[name] as Mutation)(file, rng, table);
  return { text: typeof mutated === 'string' ? mutated : JSON.stringify(mutated), seedHex, aim: `invalid: ${name}` };
}
