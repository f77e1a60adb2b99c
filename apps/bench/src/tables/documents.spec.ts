import { createRng } from '@liars-dice/game-bots';
import { decide, evolve, initialState, legalActions, type MatchCommand, type MatchState, RuleViolation } from '@liars-dice/game-rules';
import { chooseMove, type TableView } from './documents';

/** The load client's view of an engine state: what `match` / `matchUpdated` would answer. */
function viewOf(state: Extract<MatchState, { status: 'bidding' }>): TableView {
  return {
    id: 'm',
    revision: '0',
    status: state.status,
    toAct: state.toAct,
    me: null,
    committedAt: null,
    options: { spotOn: state.options.spotOn },
    seats: state.seats.map((s) => ({ seat: s.id, dice: s.out ? 0 : s.dice })),
    round: { palifico: state.round.palifico, bids: state.round.bids.map((b) => ({ quantity: b.quantity, face: b.face })) },
  };
}

function apply(state: MatchState, command: MatchCommand): MatchState {
  const events = decide(state, command);
  if (events instanceof RuleViolation) throw new Error(`${command.type} refused: ${events.code}`);
  return events.reduce(evolve, state);
}

/** The house's dice and chambers, drawn from `draw`. */
function house(state: MatchState, draw: () => number): MatchCommand | null {
  const face = () => 1 + Math.floor(draw() * 6);
  if (state.status === 'awaiting-roll') return { type: 'RollDice', data: { dice: Object.fromEntries(state.seats.filter((s) => !s.out).map((s) => [s.id, Array.from({ length: s.dice }, face)])) } };
  if (state.status === 'resolving' && state.shotsDue.length > 0) return { type: 'PullTrigger', data: { chamber: face() } };
  return null;
}

describe('the load client\'s moves', () => {
  it.each([
    ['classic', {}],
    ['classic', { wildOnes: false, startingDice: 3 }],
    ['perudo', {}],
    ['revolver', {}],
  ])('given whole %s matches (%j) where every seat plays them, then each one is legal and the matches finish', (ruleset, options) => {
    for (let seed = 1; seed <= 10; seed++) {
      const rng = createRng(`moves|${ruleset}|${seed}`);
      const players = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'].slice(0, 2 + (seed % 5));
      let state = apply(initialState, { type: 'CreateMatch', data: { matchId: 'm', ruleset, options, players } });
      for (let step = 0; state.status !== 'finished'; step++) {
        if (step > 5000) throw new Error('the match did not finish');
        const command = house(state, rng.next);
        if (command) state = apply(state, command);
        else if (state.status === 'bidding') {
          const move = chooseMove(viewOf(state), rng.next);
          const legal = legalActions(state, state.toAct);
          expect(legal).toContainEqual(move.type === 'bid' ? { type: 'bid', quantity: move.quantity, face: move.face } : move);
          const by = state.toAct;
          state = apply(state, move.type === 'bid' ? { type: 'PlaceBid', data: { by, quantity: move.quantity, face: move.face } } : move.type === 'liar' ? { type: 'CallLiar', data: { by } } : { type: 'CallSpotOn', data: { by } });
        } else throw new Error(`stuck in ${state.status}`);
      }
    }
  });
});
