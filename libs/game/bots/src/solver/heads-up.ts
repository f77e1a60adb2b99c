import type { MatchOptions, PlayerView, PublicSeat, Ruleset } from '@liars-dice/game-rules';
import { headsUpWinChance } from '../placement';
import { type RoundGame, type RoundRules, type RoundSpec, type Seat, RoundGame as Game } from './round-game';

/** The γ of the bots' placement model (levels.ts): the solved values come from the same model. */
export const PLACEMENT_GAMMA = 1.6;

/** The round rules a family applies heads-up (rules.md §3, §5); null for the revolver, whose rounds are always 5 v 5. */
export function roundRulesOf(ruleset: Ruleset, options: MatchOptions, palificoRound: boolean): RoundRules | null {
  if (ruleset === 'revolver') return null;
  if (palificoRound) return { ones: 'plain', spotOn: false, faceLock: true };
  return { ones: options.wildOnes ? 'wild' : 'plain', spotOn: ruleset === 'perudo' && options.spotOn, faceLock: false };
}

/**
 * A correct spot-on's worth to a caller holding `mine` dice against `theirs`, on the round's scale (losing the
 * round 0, winning it 1), from the placement model: the caller regains a die (never above the start).
 */
export function exactWorth(mine: number, theirs: number, startingDice: number): number {
  const chance = (a: number, b: number) => headsUpWinChance(a, b, PLACEMENT_GAMMA);
  const lose = chance(mine - 1, theirs);
  const win = chance(mine, theirs - 1);
  return (chance(Math.min(mine + 1, startingDice), theirs) - lose) / (win - lose);
}

export function roundSpec(rules: RoundRules, dice: readonly [number, number], startingDice: number): RoundSpec {
  return {
    rules,
    dice,
    exact: rules.spotOn ? [exactWorth(dice[0], dice[1], startingDice), exactWorth(dice[1], dice[0], startingDice)] : [0, 0],
  };
}

/** The name of a round's rules and dice split, e.g. `wild+spot-on 2v1` (the starter's dice first). */
export function gameName(spec: RoundSpec): string {
  const { ones, spotOn, faceLock } = spec.rules;
  return `${ones}${spotOn ? '+spot-on' : ''}${faceLock ? '+face-lock' : ''} ${spec.dice[0]}v${spec.dice[1]}`;
}

const games = new Map<string, RoundGame>();

/** The round game for a spec, built once per process. */
export function roundGame(spec: RoundSpec): RoundGame {
  const name = gameName(spec);
  let game = games.get(name);
  if (!game) games.set(name, (game = new Game(spec)));
  return game;
}

/** A heads-up round as the solver sees it from one seat's view. */
export interface HeadsUpPosition {
  readonly game: RoundGame;
  readonly seat: Seat;
  /** My hand's index in `game.hands[seat]`. */
  readonly hand: number;
  /** This round's bids so far, as ladder indices. */
  readonly claims: readonly number[];
}

/** The two seats still in, the round's starter first, when the round is heads-up. */
function headsUpSeats(view: PlayerView): readonly [PublicSeat, PublicSeat] | null {
  const round = view.round;
  const active = view.players.filter((seat) => !seat.out);
  if (!round || active.length !== 2 || view.me === null) return null;
  const starter = active.find((seat) => seat.id === round.starter);
  const other = active.find((seat) => seat.id !== round.starter);
  return starter && other ? [starter, other] : null;
}

/** The solver's picture of a view, or null when the round is not heads-up in a family the solver covers. */
export function headsUpPosition(view: PlayerView): HeadsUpPosition | null {
  const seats = headsUpSeats(view);
  const found = view.round ? roundRulesOf(view.ruleset, view.options, view.round.palifico) : null;
  if (!seats || !found || !view.round) return null;
  const [starter, other] = seats;
  // The palifico lock binds only a seat with more than one die: at 1 v 1 the round is the plain one.
  const rules = found.faceLock && starter.dice === 1 && other.dice === 1 ? { ...found, faceLock: false } : found;
  const game = roundGame(roundSpec(rules, [starter.dice, other.dice], view.options.startingDice));
  const seat: Seat = view.me === starter.id ? 0 : 1;
  const claims = view.round.bids.map((bid) => game.claimIndex(bid.quantity, bid.face));
  const hand = game.handIndex(seat, view.myDice);
  if (hand < 0 || claims.some((c) => c < 0)) return null;
  return { game, seat, hand, claims };
}
