import fc from 'fast-check';
import { type Action, decide, evolve, initialState, legalActions, type MatchCommand, type MatchEvent, type MatchState, RuleViolation } from '@liars-dice/game-rules';
import { commitmentOf, verifyMatch } from '@liars-dice/game-fairness';
import { withHouseMoves } from './house';

function accept(state: MatchState, command: MatchCommand): MatchEvent[] {
  const events = decide(state, command);
  if (events instanceof RuleViolation) throw events;
  return [...events];
}

function commandFor(action: Action, by: string): MatchCommand {
  if (action.type === 'bid') return { type: 'PlaceBid', data: { by, quantity: action.quantity, face: action.face } };
  return action.type === 'liar' ? { type: 'CallLiar', data: { by } } : { type: 'CallSpotOn', data: { by } };
}

/** Plays a whole match: players pick legal actions by index, the house answers every player command. */
function playMatch(seed: string, ruleset: 'classic' | 'perudo' | 'revolver', picks: readonly number[]): MatchEvent[] {
  const create: MatchCommand = { type: 'CreateMatch', data: { matchId: 'm1', ruleset, players: ['s1', 's2', 's3'], fairness: { version: 'v1', commitment: commitmentOf(seed) } } };
  let log = withHouseMoves(initialState, accept(initialState, create), seed, 0);
  let state = log.reduce(evolve, initialState);
  for (let turn = 0; state.status === 'bidding' && turn < 5000; turn++) {
    const legal = legalActions(state, state.toAct);
    // Bias towards challenges so matches end; the picks decide which move among the legal ones.
    const pick = picks[turn % picks.length] ?? 0;
    const action = (pick % 3 === 0 ? legal.find((a) => a.type !== 'bid') : undefined) ?? (legal[pick % Math.min(legal.length, 4)] as Action);
    const events = withHouseMoves(state, accept(state, commandFor(action, state.toAct)), seed, 0);
    log = [...log, ...events];
    state = events.reduce(evolve, state);
  }
  return log;
}

describe('the house', () => {
  it('given any seed and any legal play, then the match ends, the seed is revealed last, and every roll and shot verifies', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => Buffer.from(bytes).toString('hex')),
        fc.constantFrom('classic' as const, 'perudo' as const, 'revolver' as const),
        fc.array(fc.nat(50), { minLength: 1, maxLength: 20 }),
        (seed, ruleset, picks) => {
          const log = playMatch(seed, ruleset, picks);
          const last = log.at(-1);
          expect(last?.type).toBe('MatchFinished');
          expect(last?.type === 'MatchFinished' && last.data.seed).toBe(seed);
          expect(log.filter((event) => event.type === 'MatchFinished')).toHaveLength(1);
          expect(verifyMatch(log, seed)).toMatchObject({ verified: true, discrepancies: [] });
        },
      ),
      { numRuns: 25 },
    );
  });

  it('given a player command with nothing random due, then the house adds nothing', () => {
    const seed = '0'.repeat(64);
    const created = withHouseMoves(initialState, accept(initialState, { type: 'CreateMatch', data: { matchId: 'm1', ruleset: 'classic', players: ['a', 'b'] } }), seed, 0);
    const state = created.reduce(evolve, initialState);
    expect(created.map((e) => e.type)).toEqual(['MatchCreated', 'RoundStarted']);
    const bid = accept(state, { type: 'PlaceBid', data: { by: 'a', quantity: 1, face: 2 } });
    expect(withHouseMoves(state, bid, seed, 0)).toEqual(bid);
  });
});
