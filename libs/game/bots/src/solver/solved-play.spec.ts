import type { Action } from '@liars-dice/game-rules';
import { PROFILES, profiledChoice } from '../levels';
import { createRng } from '../rng';
import { chooseAction } from '../strategy';
import { position, type PositionSpec } from '../testing/position';
import { gameName, roundGame } from './heads-up';
import { solvedPlan } from './plan';
import { encodeMeasured, solveRound } from './solve';
import { solvedPolicy, solvedTable } from './solved-play';

const key = (action: Action) => (action.type === 'bid' ? `${action.quantity}x${action.face}` : action.type);

describe('the committed solved strategies', () => {
  it('given the plan, then every planned round is stored, each no more exploitable than 0.005 of a round', () => {
    const table = solvedTable();
    for (const { spec } of solvedPlan()) {
      const game = table.games.get(gameName(spec));
      expect(game?.name).toBe(gameName(spec));
      expect(game?.header.exploitability).toBeLessThanOrEqual(0.005);
    }
  });

  it.each(['plain+face-lock 1v2'])('given %s recomputed from scratch, then it is byte for byte the stored one', (name) => {
    // Given
    const planned = solvedPlan().find((p) => gameName(p.spec) === name);
    if (!planned) throw new Error(`${name} is not planned`);
    // When
    const { block } = encodeMeasured(name, solveRound(roundGame(planned.spec), planned.settings, () => 0));
    // Then
    const stored = solvedTable().games.get(name)?.header.block ?? [0, 0];
    expect(Buffer.from(block).equals(Buffer.from(solvedTable().body.subarray(stored[0], stored[1])))).toBe(true);
  });
});

describe('the expert in a solved heads-up round', () => {
  const oneEach: PositionSpec = { ruleset: 'classic', mine: [4], seats: [['ann', 1], ['me', 1]], bids: [['ann', 1, 3]] };

  it('given 1 v 1 in classic, when asked many times, then its answers follow the solved strategy', () => {
    const { view, legal } = position(oneEach);
    const policy = solvedPolicy(view, legal);
    expect(policy).not.toBeNull();
    expect((policy ?? []).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
    const counts = new Map<string, number>();
    const samples = 2000;
    for (let seed = 0; seed < samples; seed++) {
      const action = chooseAction('expert', view, legal, seed);
      counts.set(key(action), (counts.get(key(action)) ?? 0) + 1);
    }
    legal.forEach((action, i) => {
      const p = policy?.[i] ?? 0;
      expect(Math.abs((counts.get(key(action)) ?? 0) / samples - p)).toBeLessThanOrEqual(4.5 * Math.sqrt((p * (1 - p)) / samples) + 1e-9);
    });
  });

  it('given a palifico round at 1 v 1, then it plays the plain 1 v 1 strategy (the lock binds nobody)', () => {
    const { view, legal } = position({ ruleset: 'perudo', mine: [6], seats: [['ann', 1], ['me', 1]], bids: [['ann', 1, 2]], palifico: true });
    expect(solvedPolicy(view, legal)).not.toBeNull();
  });

  it.each([
    ['3 v 3 in classic, above the bound', { ruleset: 'classic', mine: [2, 2, 5], seats: [['ann', 3], ['me', 3]], bids: [['ann', 2, 3]] }],
    ['the revolver (always 5 v 5)', { ruleset: 'revolver', mine: [2, 2, 5, 6, 1], bids: [['ann', 2, 3]] }],
    ['three seats', { ruleset: 'classic', mine: [2], seats: [['ann', 1], ['me', 1], ['cyd', 1]], bids: [['ann', 1, 3]] }],
  ] as const)('given %s, then it plays its own judgement as before', (_, spec) => {
    const { view, legal } = position(spec as PositionSpec);
    expect(solvedPolicy(view, legal)).toBeNull();
    for (const seed of [1, 2, 3]) expect(chooseAction('expert', view, legal, seed)).toEqual(profiledChoice(PROFILES.expert, view, legal, createRng(seed)));
  });
});
