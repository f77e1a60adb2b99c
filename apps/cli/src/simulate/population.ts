import { createRng, DIFFICULTIES, type Difficulty, type Rng } from '@liars-dice/game-bots';
import { RULESETS, type Ruleset } from '@liars-dice/game-rules';

export interface Population {
  /** Player ids `p01`…, each with a fixed CPU level (levels mixed round-robin, then shuffled). */
  readonly levels: ReadonlyMap<string, Difficulty>;
  /** The planted pair, smaller id first. */
  readonly planted: readonly [string, string];
}

export interface ScheduledMatch {
  readonly matchId: string;
  readonly family: Ruleset;
  /** Seat order; every seat is a player of the population. */
  readonly players: readonly string[];
}

function shuffle<T>(items: T[], rng: Rng): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

/** The players and the planted pair of one seed; the pair is drawn like anyone else, at any level. */
export function populationOf(size: number, seed: number): Population {
  const rng = createRng(`population|${seed}`);
  const ids = Array.from({ length: size }, (_, i) => `p${String(i + 1).padStart(2, '0')}`);
  const levels = shuffle(
    ids.map((_, i) => DIFFICULTIES[i % DIFFICULTIES.length] as Difficulty),
    rng,
  );
  const [first, second] = shuffle([...ids], rng);
  const planted = [first, second].sort() as [string, string];
  return { levels: new Map(ids.map((id, i) => [id, levels[i] as Difficulty])), planted };
}

/**
 * Ranked matches of 3–6 seats drawn uniformly from the population, families mixed. When a table holds one
 * of the planted pair, the other takes a random seat of it with chance `together` (colluders join each
 * other's tables; 0 leaves their meetings to chance).
 */
export function scheduleOf(population: Population, matches: number, seed: number, together: number): ScheduledMatch[] {
  const rng = createRng(`schedule|${seed}`);
  const ids = [...population.levels.keys()];
  const [a, b] = population.planted;
  return Array.from({ length: matches }, (_, i) => {
    const players = shuffle([...ids], rng).slice(0, 3 + rng.int(4));
    const hasA = players.includes(a);
    if (hasA !== players.includes(b) && rng.next() < together) {
      const others = players.map((id, at) => [id, at] as const).filter(([id]) => id !== a && id !== b);
      const [, at] = others[rng.int(others.length)] as readonly [string, number];
      players[at] = hasA ? b : a;
    }
    return { matchId: `sim-${seed}-${i + 1}`, family: RULESETS[rng.int(RULESETS.length)] as Ruleset, players };
  });
}
