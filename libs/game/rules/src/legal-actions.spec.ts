import fc from 'fast-check';
import { decide } from './decide';
import { evolve } from './evolve';
import { faceBarred, minimumRaise } from './bidding';
import { type Action, legalActions } from './legal-actions';
import type { MatchCommand } from './commands';
import { RuleViolation } from './rule-violation';
import { diceInPlay, initialState, type MatchState, seatOf, wildActive } from './state';
import { commandFor, pickAction, randomHouseCommand, randomTable, seededRandom } from './testing/random-match';
import { FACES } from './vocabulary';

/** The reference list: a fresh object per action, nothing shared. */
function freshActions(state: MatchState, player: string): Action[] {
  if (state.status !== 'bidding' || state.toAct !== player) return [];
  const actions: Action[] = [];
  const previous = state.round.bids.at(-1) ?? null;
  if (previous) {
    actions.push({ type: 'liar' });
    if (state.options.spotOn && !state.round.palifico) actions.push({ type: 'spot-on' });
  }
  const total = diceInPlay(state);
  const wild = wildActive(state.options, state.round);
  const bidderDice = seatOf(state, player)?.dice ?? 0;
  for (const face of FACES) {
    if (faceBarred(state, bidderDice, face)) continue;
    for (let quantity = minimumRaise(previous, face, wild); quantity <= total; quantity++) actions.push({ type: 'bid', quantity, face });
  }
  return actions;
}

function step(state: MatchState, command: MatchCommand): MatchState {
  const events = decide(state, command);
  if (events instanceof RuleViolation) throw new Error(`${command.type}: ${events.code}`);
  return events.reduce(evolve, state);
}

/** Every state of one random match (every family and table size `randomTable` draws). */
function statesOf(seed: number): MatchState[] {
  const random = seededRandom(seed);
  let state = step(initialState, { type: 'CreateMatch', data: { matchId: `m${seed}`, ...randomTable(random) } });
  const states = [state];
  for (let n = 0; n < 2_000 && state.status !== 'finished'; n++) {
    const house = randomHouseCommand(state, random);
    if (house) state = step(state, house);
    else if (state.status === 'bidding') state = step(state, commandFor(state.toAct, pickAction(legalActions(state, state.toAct), random)));
    else break;
    states.push(state);
  }
  return states;
}

const RUNS = Number(process.env.PROPERTY_RUNS ?? 150);

describe('legalActions', () => {
  it('given any state of a random match, when asked for each seat, then it lists exactly the actions built afresh, in order', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        for (const state of statesOf(seed)) {
          const seats = 'seats' in state ? state.seats.map((s) => s.id) : [];
          for (const seat of [...seats, 'nobody']) expect(legalActions(state, seat)).toStrictEqual(freshActions(state, seat));
        }
      }),
      { numRuns: Math.max(5, Math.floor(RUNS / 15)) },
    );
  });

  it('given two lists, when they hold the same action, then it is one frozen object that cannot be changed', () => {
    const states = statesOf(7).filter((s) => s.status === 'bidding' && s.round.bids.length > 0);
    const state = states[0] as MatchState & { toAct: string };
    const [first, second] = [legalActions(state, state.toAct), legalActions(state, state.toAct)];
    expect(first).not.toBe(second);
    expect(first.every((action, i) => action === second[i] && Object.isFrozen(action))).toBe(true);
    expect(() => Object.assign(first[0] as object, { type: 'bid' })).toThrow(TypeError);
  });
});
