import { PROFILES, profiledPolicy } from '../levels';
import { exploitability } from './best-response';
import { CfrSolver } from './cfr';
import { cleanAndRound, ownReach } from './compact';
import { Layout } from './layout';
import { recallGraph } from './recall-graph';
import { assembleFile, encodeGame } from './encoding';
import { LevelStrategy, type LevelPolicy, StoredStrategy } from './path-strategies';
import { type RoundGame } from './round-game';
import { type SolvedGame, SolvedTable } from './solved-table';

export interface SolveSettings {
  /** How many of the last claims the strategy remembers (see recall-graph.ts). */
  readonly recall: number;
  readonly iterations: number;
  /** Chances below this are dropped from the stored strategy (then renormalised)… */
  readonly floor: number;
  /** …and below `mass` / (the chance the strategy gets the hand there at all). See `cleanAndRound`. */
  readonly mass: number;
  /** Stored chances are multiples of 1 / steps. */
  readonly steps: number;
  /**
   * A hand is stored at a node only if the strategy can lead it there with at least this chance; elsewhere
   * the expert's own judgement plays (and the exploitability is measured with it in those places).
   */
  readonly minReach: number;
}

export const DEFAULT_SETTINGS: SolveSettings = { recall: 5, iterations: 300, floor: 0.002, mass: 0.001, steps: 255, minReach: 0 };

/** One node of a stored strategy: for each hand that can reach it, the chance (in steps) of each action. */
export interface StoredNode {
  readonly seat: 0 | 1;
  /** The remembered claims, oldest first (the last one is the claim to answer). */
  readonly recent: readonly number[];
  readonly hands: readonly { readonly hand: number; readonly units: readonly number[] }[];
}

export interface SolvedRound {
  readonly game: RoundGame;
  readonly settings: SolveSettings;
  readonly nodes: readonly StoredNode[];
  readonly seconds: number;
}

function storedNodes(layout: Layout, policy: Float64Array, settings: SolveSettings): StoredNode[] {
  const { steps, minReach } = settings;
  const reached = ownReach(layout, policy);
  const nodes: StoredNode[] = [];
  for (let n = 0; n < layout.nodeCount; n++) {
    const seat = layout.seat[n] as 0 | 1;
    const count = layout.actionCount(n);
    const handCount = layout.handCount[seat] as number;
    const hands: { hand: number; units: number[] }[] = [];
    for (let h = 0; h < handCount; h++) {
      const reach = reached[seat][n * handCount + h] as number;
      if (reach === 0 || reach < minReach) continue;
      const base = (layout.slot[n] as number) + h * count;
      hands.push({ hand: h, units: Array.from({ length: count }, (_, a) => Math.round((policy[base + a] as number) * steps)) });
    }
    if (hands.length > 0) nodes.push({ seat, recent: layout.graph.nodes[n]?.recent ?? [], hands });
  }
  return nodes;
}

export interface SolveHooks {
  /** Called after each tenth of the iterations. */
  readonly progress?: (done: number) => void;
  /** A raw average strategy saved from an earlier solve with the same recall and iterations: no CFR then. */
  readonly raw?: Float64Array | null;
}

/**
 * Solves one heads-up round: CFR+ over the last-claims recall graph, then the average strategy cleaned and
 * rounded for storage. `clock` measures the time taken (libs/game reads no clock of its own). `raw` is the
 * average strategy before cleaning, for saving.
 */
export function solveRound(game: RoundGame, settings: SolveSettings, clock: () => number, hooks: SolveHooks = {}): SolvedRound & { raw: Float64Array } {
  const started = clock();
  const layout = new Layout(game, recallGraph(game, settings.recall));
  let raw = hooks.raw && hooks.raw.length === layout.size ? hooks.raw : null;
  if (!raw) {
    const solver = new CfrSolver(layout);
    const chunk = Math.max(1, Math.round(settings.iterations / 10));
    for (let done = 0; done < settings.iterations; done += chunk) {
      solver.run(Math.min(chunk, settings.iterations - done));
      hooks.progress?.(solver.iterations);
    }
    raw = solver.strategy();
  }
  const policy = cleanAndRound(layout, raw, settings);
  return { game, settings, nodes: storedNodes(layout, policy, settings), seconds: (clock() - started) / 1000, raw };
}

/** Where the stored strategy has nothing (a hand the strategy rarely or never leads there), the expert's own judgement. */
export const EXPERT_FALLBACK: LevelPolicy = { name: 'expert (heuristic)', policy: (view, legal) => profiledPolicy(PROFILES.expert, view, legal), reads: 'all' };

/** The stored strategy exactly as the expert plays it: the table's chances, the fallback where it has none. */
export function storedStrategy(game: RoundGame, solved: SolvedGame): StoredStrategy {
  return new StoredStrategy(game, solved, new LevelStrategy(game, EXPERT_FALLBACK));
}

/** Encodes a solved round with the exploitability of exactly what is stored (chances rounded, fallback included). */
export function encodeMeasured(name: string, round: SolvedRound): { block: Uint8Array; exploitability: number } {
  const draft = encodeGame(name, round, Number.NaN);
  const solved = new SolvedTable(assembleFile([draft])).games.get(name) as SolvedGame;
  const measured = exploitability(round.game, storedStrategy(round.game, solved));
  return { block: encodeGame(name, round, measured), exploitability: measured };
}
