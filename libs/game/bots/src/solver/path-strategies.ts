import type { Action, PlayerView } from '@liars-dice/game-rules';
import type { FixedStrategy } from './best-response';
import { type RoundGame, type Seat } from './round-game';
import { familyOf, legalAt, type RoundFamily, viewAt } from './round-views';
import type { SolvedGame } from './solved-table';

/** Where a path strategy is asked: the claims so far (`path[0 … depth − 1]`), and each hand's chance to be there. */
export interface Position {
  readonly depth: number;
  readonly path: readonly number[];
  readonly reach: Float64Array;
}

type Table = { readonly table: Float64Array; readonly at: number };

/**
 * A fixed strategy that follows the best response's walk on a stack of claims: the cursor is the depth, the
 * seat to act at depth d is d mod 2 (seat 0 opens). Subclasses say what the seat to act plays there.
 */
abstract class PathStrategy implements FixedStrategy {
  readonly root = 0;
  protected readonly path: number[] = [];
  private readonly actions = new Map<number, number[]>();
  private readonly buffers: Float64Array[] = [];

  constructor(protected readonly game: RoundGame) {}

  protected actionsAt(depth: number): number[] {
    const seat = (depth % 2) as Seat;
    const last = depth > 0 ? (this.path[depth - 1] as number) : -1;
    const key = last * 2 + seat;
    let list = this.actions.get(key);
    if (!list) this.actions.set(key, (list = this.game.actionsAfter(seat, last)));
    return list;
  }

  child(depth: number, actionIndex: number): number {
    this.path[depth] = this.actionsAt(depth)[actionIndex] as number;
    return depth + 1;
  }

  policy(depth: number, reach: Float64Array): Table {
    return this.answer({ depth, path: this.path, reach });
  }

  /** Hand h's chance of action a (game order) is `table[at + h * count + a]`, for every hand with some reach. */
  protected answer(position: Position): Table {
    const hands = this.game.hands[(position.depth % 2) as Seat].length;
    const count = this.actionsAt(position.depth).length;
    let buffer = this.buffers[position.depth];
    if (!buffer || buffer.length < hands * count) this.buffers[position.depth] = buffer = new Float64Array(hands * count);
    this.fill(position, buffer);
    return { table: buffer, at: 0 };
  }

  /** Writes the answer into `out` (see `answer`); hands with no reach may be left as they are. */
  protected abstract fill(position: Position, out: Float64Array): void;

  /** The answer at another walker's position (a fallback asked by the strategy it stands in for). */
  answerAt(position: Position): Table {
    for (let i = 0; i < position.depth; i++) this.path[i] = position.path[i] as number;
    return this.answer({ ...position, path: this.path });
  }
}

/** The stored strategy, read exactly as the expert reads it in play: the table, else the fallback. */
export class StoredStrategy extends PathStrategy {
  constructor(
    game: RoundGame,
    private readonly solved: SolvedGame,
    private readonly fallback: PathStrategy,
  ) {
    super(game);
  }

  protected fill(at: Position, out: Float64Array): void {
    const seat = (at.depth % 2) as Seat;
    const count = this.actionsAt(at.depth).length;
    const node = this.solved.nodeAfter(seat, at.path, at.depth);
    const one = new Float64Array(count);
    const missing: number[] = [];
    this.game.hands[seat].forEach((_, h) => {
      if (node >= 0 && this.solved.chances(node, h, one)) out.set(one, h * count);
      else if ((at.reach[h] as number) > 0) missing.push(h);
    });
    if (missing.length === 0) return;
    const other = this.fallback.answerAt(at);
    for (const h of missing) out.set(other.table.subarray(other.at + h * count, other.at + (h + 1) * count), h * count);
  }
}

/** A level's exact policy (view → chances in legal order), and what of the bidding it reads (see `signatureOf`). */
export interface LevelPolicy {
  readonly name: string;
  readonly policy: (view: PlayerView, legal: readonly Action[]) => number[];
  readonly reads: 'last' | 'last-two' | 'all';
}

/**
 * The part of the history a level's decision depends on, so one computation serves every history that
 * agrees on it: `last` — only the claim to answer; `last-two` — also whether it kept the face of the claim
 * before (the weight `hard` gives a bid); `all` — also every bid of the opponent with that weight, in any
 * order (`expert` multiplies their likelihoods). A test checks these against the levels themselves.
 */
export function signatureOf(reads: LevelPolicy['reads'], claims: readonly number[], game: RoundGame, n = claims.length): string {
  const last = n > 0 ? claims[n - 1] : -1;
  const faceOf = (i: number) => (i >= 0 && i < n ? game.claims[claims[i] as number]?.face : undefined);
  if (reads === 'last') return `${n % 2}|${last}`;
  if (reads === 'last-two') return `${n % 2}|${last}|${faceOf(n - 2) === faceOf(n - 1)}`;
  const theirs: string[] = [];
  for (let i = n - 1; i >= 0; i -= 2) theirs.push(`${faceOf(i)}${faceOf(i - 1) === faceOf(i) ? 'f' : ''}`);
  return `${n % 2}|${last}|${theirs.sort().join(',')}`;
}

/** A level playing the round through its exact policy, on views built as the server would build them. */
export class LevelStrategy extends PathStrategy {
  private readonly family: RoundFamily;
  private readonly cache = new Map<string, Float64Array>();

  constructor(
    game: RoundGame,
    private readonly level: LevelPolicy,
  ) {
    super(game);
    this.family = familyOf(game);
  }

  /** Distinct decisions computed so far. */
  get computed(): number {
    return this.cache.size;
  }

  protected override answer(at: Position): Table {
    const key = signatureOf(this.level.reads, at.path, this.game, at.depth);
    let block = this.cache.get(key);
    if (!block) this.cache.set(key, (block = this.compute(at.depth, at.path.slice(0, at.depth))));
    return { table: block, at: 0 };
  }

  protected fill(at: Position, out: Float64Array): void {
    out.set(this.answer(at).table);
  }

  private compute(depth: number, claims: readonly number[]): Float64Array {
    const seat = (depth % 2) as Seat;
    const { legal, gameIndex } = legalAt(this.game, claims);
    const count = legal.length;
    const block = new Float64Array(this.game.hands[seat].length * count);
    this.game.hands[seat].forEach((_, h) => {
      const chances = this.level.policy(viewAt(this.game, this.family, claims, h), legal);
      chances.forEach((p, i) => (block[h * count + (gameIndex[i] as number)] = p));
    });
    return block;
  }
}
