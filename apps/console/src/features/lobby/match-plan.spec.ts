import fc from 'fast-check';
import { planSeats, type SeatRequest, TableViolation } from '@liars-dice/game-match';
import { badSeatNames, createInput, initialPlan, type MatchPlan, withFamily, withPlayers, withRanked } from './match-plan';

/** Seat 2 a CPU with this name, seat 3 a human. */
const namedSecond = (name: string): MatchPlan => {
  const plan = withPlayers(initialPlan(), 3);
  return { ...plan, others: [{ ...plan.others[0]!, name }, { kind: 'HUMAN', difficulty: 'MEDIUM', name: '' }] };
};

/** What the API's CreateMatch checks the console's input with (its GraphQL enums are the domain's values upper-cased). */
function serverRefusal(plan: MatchPlan): string | null {
  const input = createInput(plan);
  const seats = input.seats.map((seat): SeatRequest => ({ kind: seat.kind === 'CPU' ? 'cpu' : 'human', difficulty: seat.difficulty ? (seat.difficulty.toLowerCase() as SeatRequest['difficulty']) : null, name: seat.name ?? null }));
  const planned = planSeats({ ruleset: plan.ruleset, options: {}, seats, ranked: input.ranked ?? false, kind: 'regular' });
  return planned instanceof TableViolation ? planned.field ?? planned.message : null;
}

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

  it('given a CPU seat named " Ada ", then it is sent as "Ada"; a blank name is not sent (the table calls it "CPU (level)")', () => {
    expect(createInput(namedSecond(' Ada ')).seats[1]).toEqual({ kind: 'CPU', difficulty: 'MEDIUM', name: 'Ada' });
    expect(createInput(namedSecond('   ')).seats[1]).toEqual({ kind: 'CPU', difficulty: 'MEDIUM' });
    expect(badSeatNames(namedSecond('   '))).toEqual([]);
  });

  it('given a name the API refuses (too long, a symbol), then that seat is flagged and no other', () => {
    expect(badSeatNames(namedSecond('A'.repeat(25)))).toEqual([0]);
    expect(badSeatNames(namedSecond('Ada!'))).toEqual([0]);
    expect(badSeatNames(namedSecond("Ó'Brien_2.0-x"))).toEqual([]);
  });

  it('given a seat turned human after it was named, then no name is sent for it nor flagged', () => {
    const plan = namedSecond('<b>');
    const human: MatchPlan = { ...plan, others: plan.others.map((seat) => ({ ...seat, kind: 'HUMAN' as const })) };
    expect(badSeatNames(human)).toEqual([]);
    expect(createInput(human).seats.every((seat) => seat.name === undefined)).toBe(true);
  });

  it('given any name typed, then the form flags it exactly when the API would refuse it (and names that field)', () => {
    const typed = fc.oneof(fc.string({ maxLength: 30 }), fc.string({ unit: 'grapheme', maxLength: 30 }), fc.stringMatching(/^[ a-zA-Z0-9._'!-]{0,26}$/));
    fc.assert(
      fc.property(typed, (name) => {
        const plan = namedSecond(name);
        expect(badSeatNames(plan).length > 0).toBe(serverRefusal(plan) !== null);
        if (badSeatNames(plan).length > 0) expect(serverRefusal(plan)).toBe('seats[1].name');
      }),
    );
  });
});
