import { exploitability, graphStrategy } from './best-response';
import { CfrSolver } from './cfr';
import { cleanAndRound, reachable } from './compact';
import { Layout } from './layout';
import { recallGraph } from './recall-graph';
import { type RoundGame } from './round-game';

export interface SolveSettings {
  /** How many of the last claims the strategy remembers (see recall-graph.ts). */
  readonly recall: number;
  readonly iterations: number;
  /** Chances below this are dropped from the stored strategy (then renormalised). */
  readonly floor: number;
  /** Stored chances are multiples of 1 / steps. */
  readonly steps: number;
}

export const DEFAULT_SETTINGS: SolveSettings = { recall: 5, iterations: 300, floor: 0.002, steps: 255 };

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
  /** Of the stored (cleaned, rounded) strategy, exact, on the round's scale. */
  readonly exploitability: number;
  readonly seconds: number;
}

function storedNodes(layout: Layout, policy: Float64Array, steps: number): StoredNode[] {
  const reached = reachable(layout, policy);
  const nodes: StoredNode[] = [];
  for (let n = 0; n < layout.nodeCount; n++) {
    const seat = layout.seat[n] as 0 | 1;
    const count = layout.actionCount(n);
    const handCount = layout.handCount[seat] as number;
    const hands: { hand: number; units: number[] }[] = [];
    for (let h = 0; h < handCount; h++) {
      if (!reached[seat][n * handCount + h]) continue;
      const base = (layout.slot[n] as number) + h * count;
      hands.push({ hand: h, units: Array.from({ length: count }, (_, a) => Math.round((policy[base + a] as number) * steps)) });
    }
    if (hands.length > 0) nodes.push({ seat, recent: layout.graph.nodes[n]?.recent ?? [], hands });
  }
  return nodes;
}

/**
 * Solves one heads-up round: CFR+ over the last-claims recall graph, then the average strategy cleaned and
 * rounded for storage, and the stored strategy's exploitability computed exactly in the full game.
 * `clock` measures the time taken (libs/game reads no clock of its own).
 */
export function solveRound(game: RoundGame, settings: SolveSettings, clock: () => number, progress?: (done: number) => void): SolvedRound {
  const started = clock();
  const layout = new Layout(game, recallGraph(game, settings.recall));
  const solver = new CfrSolver(layout);
  const chunk = Math.max(1, Math.round(settings.iterations / 10));
  for (let done = 0; done < settings.iterations; done += chunk) {
    solver.run(Math.min(chunk, settings.iterations - done));
    progress?.(solver.iterations);
  }
  const policy = cleanAndRound(layout, solver.strategy(), settings.floor, settings.steps);
  return {
    game,
    settings,
    nodes: storedNodes(layout, policy, settings.steps),
    exploitability: exploitability(game, graphStrategy(layout, policy)),
    seconds: (clock() - started) / 1000,
  };
}
