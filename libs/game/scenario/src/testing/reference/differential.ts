import { subsetDifferences } from '../subset';
import { referenceRuling } from './reference-model';
import { type RefReport } from './types';

/** The comparable part of a ruling: `invalid`, or the report without `events` and rejection `message`s. */
export type Comparable = { invalid: true } | { report: RefReport };

export type RulingFn = (text: string, seedHex: () => string) => { report: unknown } | { invalid: string };

export function comparableOf(ruling: { report: unknown } | { invalid: string }): Comparable {
  if ('invalid' in ruling) return { invalid: true };
  const report = JSON.parse(JSON.stringify(ruling.report)) as RefReport & { events?: unknown };
  delete report.events;
  for (const outcome of report.actions) delete (outcome as { message?: string }).message;
  // Players out at the same moment are compared in order too: they are named in the order they fell (the shot
  // order of an exact call, docs/rules.md "Choices where the rule book is silent").
  return { report };
}

/** Every difference between the engine's and the model's ruling, as paths; empty when they agree. */
export function differences(engine: Comparable, model: Comparable): string[] {
  if ('invalid' in engine || 'invalid' in model) {
    return 'invalid' in engine === 'invalid' in model ? [] : [`engine ${'invalid' in engine ? 'invalid' : 'valid'}, model ${'invalid' in model ? 'invalid' : 'valid'}`];
  }
  const engineExtra = subsetDifferences(model.report, engine.report).map((d) => `(engine side) ${d}`);
  return [...subsetDifferences(engine.report, model.report), ...engineExtra];
}

export function compare(engineRuling: RulingFn, text: string, seedHex: string): { engine: Comparable; model: Comparable; diffs: string[] } {
  const engine = comparableOf(engineRuling(text, () => seedHex));
  const model = comparableOf(referenceRuling(text, seedHex));
  return { engine, model, diffs: differences(engine, model) };
}

/** The shortest prefix of the scenario's actions that still shows a difference (for the failure message). */
export function minimalRepro(engineRuling: RulingFn, text: string, seedHex: string): string {
  let file: Record<string, unknown>;
  try {
    file = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return text;
  }
  const actions = Array.isArray(file['actions']) ? (file['actions'] as unknown[]) : [];
  for (let n = 0; n <= actions.length; n++) {
    const candidate = JSON.stringify({ ...file, actions: actions.slice(0, n) });
    if (compare(engineRuling, candidate, seedHex).diffs.length > 0) return candidate;
  }
  return text;
}
