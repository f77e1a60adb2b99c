import { fairChamber, fairDice } from './fair-dice';
import { type Sources, Table } from './table';
import { RefInvalid, type RefRuling } from './types';
import { validateScenario } from './validate-scenario';

export { validateScenario } from './validate-scenario';
export { Table, type Sources } from './table';

/** Rolls and chambers a file leaves out, derived as fairness.md says (matchId "scenario"). */
export function fairSources(seedHex: string): Sources {
  return {
    dice: (round, seat, count) => fairDice(seedHex, round, seat, count),
    chamber: (pull) => fairChamber(seedHex, pull),
  };
}

/** A file's integer `seed` as the 32-byte fairness seed: the integer as 256 bits, big-endian (negative: 2^256 + seed). */
export function seedHexOfInteger(seed: number): string {
  const value = BigInt(seed);
  return (value < 0n ? (1n << 256n) + value : value).toString(16).padStart(64, '0');
}

/**
 * The reference model's answer for a scenario file: the report (without `events`/`message`) or `invalid`.
 * `seedHex` plays the part of the engine's random seed for whatever the file does not list, unless the file
 * has a `seed` of its own.
 */
export function referenceRuling(text: string, seedHex: string): RefRuling {
  const scenario = validateScenario(text);
  if ('invalid' in scenario) return scenario;
  try {
    const table = new Table(scenario, fairSources(scenario.seed === null ? seedHex : seedHexOfInteger(scenario.seed)));
    for (const action of scenario.actions) table.apply(action);
    return { report: table.report() };
  } catch (e) {
    if (e instanceof RefInvalid) return { invalid: e.message };
    throw e;
  }
}
