import { initialTournamentPlan, localInput, planProblems, type TournamentPlan, tournamentInput, withTournamentFamily } from './tournament-plan';

const now = new Date('2026-12-01T12:00:00Z');
const plan = (over: Partial<TournamentPlan> = {}): TournamentPlan => ({ ...initialTournamentPlan(now), name: 'Winter cup', ...over });
const fields = (p: TournamentPlan) => planProblems(p, now).map((x) => x.field);

describe('a new tournament before it is sent', () => {
  it('given the defaults and a name, then nothing is wrong and a swiss input goes out with every swiss setting', () => {
    expect(fields(plan())).toEqual([]);
    const input = tournamentInput(plan());
    expect(input).toMatchObject({ name: 'Winter cup', family: 'PERUDO', format: 'SWISS_TABLES', swissRounds: 3, finalTableSize: 6, capacity: 16 });
    expect(input).not.toHaveProperty('advancePerTable');
    expect(input.options).toMatchObject({ turnSeconds: 60 });
  });

  it('given a knockout, then only its advance count is sent and it must be below the smallest table', () => {
    const knockout = plan({ format: 'KNOCKOUT_TABLES', minTableSize: 3, advancePerTable: 3 });
    expect(fields(knockout)).toEqual(['advancePerTable']);
    const input = tournamentInput({ ...knockout, advancePerTable: 2 });
    expect(input).toMatchObject({ advancePerTable: 2 });
    expect(input).not.toHaveProperty('swissRounds');
  });

  it('given an empty name, a table size outside 2–6 or above the capacity, then each field is named', () => {
    expect(fields(plan({ name: ' ' }))).toEqual(['name']);
    expect(fields(plan({ minTableSize: 4, maxTableSize: 3 }))).toEqual(['tableSize', 'finalTableSize']);
    expect(fields(plan({ capacity: 1 }))).toContain('capacity');
  });

  it('given registration closing after the start or in the past, then the schedule is named', () => {
    const late = plan({ closesAt: localInput(new Date(now.getTime() + 7_200_000)) });
    expect(fields(late)).toEqual(['startsAt']);
    expect(fields(plan({ closesAt: localInput(new Date(now.getTime() - 60_000)) }))).toEqual(['closesAt']);
  });

  it('given a family without a timer, then 60 s is set, and switching the timer off is refused', () => {
    const classic = withTournamentFamily(plan(), 'classic');
    expect(classic.match.options.turnSeconds).toBe(60);
    expect(fields({ ...classic, match: { ...classic.match, options: { ...classic.match.options, turnSeconds: null } } })).toEqual(['turnSeconds']);
  });
});
