import { createInput, initialPlan, withFamily, withPlayers, withRanked } from './match-plan';

describe('the create-match plan', () => {
  it("given perudo, then only perudo's options are sent, the host seated first", () => {
    const plan = withPlayers(withFamily(initialPlan(), 'perudo'), 4);
    const input = createInput(plan);
    expect(Object.keys(input.options ?? {}).sort()).toEqual([
      'palifico',
      'spotOn',
      'turnSeconds',
      'wildOnes',
    ]);
    expect(input.seats).toHaveLength(4);
    expect(input.seats[0]).toEqual({ kind: 'HUMAN' });
    expect(input.seats[1]).toEqual({ kind: 'CPU', difficulty: 'MEDIUM' });
  });

  it('given revolver, then bullets and the turn timer are sent and starting dice are not', () => {
    const input = createInput(withFamily(initialPlan(), 'revolver'));
    expect(input.options).toEqual({ wildOnes: true, spotOn: true, bullets: 1, turnSeconds: 60 });
  });

  it('given ranked, then every seat waits for a human (the API seats no CPU in ranked play)', () => {
    const input = createInput(withRanked(withPlayers(initialPlan(), 3), true));
    expect(input.seats.map((s) => s.kind)).toEqual(['HUMAN', 'HUMAN', 'HUMAN']);
    expect(input).toMatchObject({ ranked: true, kind: 'REGULAR' });
  });
});
