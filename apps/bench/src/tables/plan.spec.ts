import { accountCount, parseTablesArgs, tableSetups } from './plan';

describe('simulate tables: its flags', () => {
  it('defaults to the issue\'s evening: 1,000 tables, 120 s measured; --soak to 10 minutes after a 2-minute warm-up', () => {
    expect(parseTablesArgs([])).toEqual({ count: 1000, seconds: 120, soak: false, rampSeconds: 20, warmupSeconds: 0, seed: 1 });
    expect(parseTablesArgs(['--soak'])).toMatchObject({ seconds: 600, soak: true, warmupSeconds: 120 });
  });

  it('reads every flag; the ramp-up scales with the tables', () => {
    expect(parseTablesArgs(['--count', '50', '--seconds', '20', '--seed', '7'])).toEqual({ count: 50, seconds: 20, soak: false, rampSeconds: 2, warmupSeconds: 0, seed: 7 });
    expect(parseTablesArgs(['--count', '5000', '--ramp', '0', '--soak', '--seconds', '300', '--warmup', '60'])).toMatchObject({ rampSeconds: 0, seconds: 300, warmupSeconds: 60 });
  });

  it.each`
    args                                        | error
    ${['--count', '0']}                         | ${/--count 0: expected a whole number ≥ 1/}
    ${['--count', '1.5']}                       | ${/--count 1.5: expected/}
    ${['--seconds']}                            | ${/--seconds : expected/}
    ${['--fast']}                               | ${/--fast: not a flag of simulate tables/}
    ${['--soak', '--seconds', '60', '--warmup', '60']} | ${/--warmup 60: must be shorter than --seconds 60/}
  `('names what is wrong in $args', ({ args, error }) => {
    expect(parseTablesArgs(args)).toMatch(error);
  });
});

describe('simulate tables: the tables it draws', () => {
  const setups = tableSetups({ count: 300, seed: 3 });

  it('given a seed, then the same tables every time', () => {
    expect(tableSetups({ count: 300, seed: 3 })).toEqual(setups);
    expect(tableSetups({ count: 300, seed: 4 })).not.toEqual(setups);
  });

  it('draws 2 to 6 seats with a human host, every family and both transports in equal shares, humans and CPUs of every level', () => {
    expect(new Set(setups.map((t) => t.seats.length))).toEqual(new Set([2, 3, 4, 5, 6]));
    expect(setups.every((t) => t.seats[0]?.kind === 'HUMAN')).toBe(true);
    expect(['CLASSIC', 'PERUDO', 'REVOLVER'].map((f) => setups.filter((t) => t.ruleset === f).length)).toEqual([100, 100, 100]);
    expect(setups.filter((t) => t.transport === 'ws')).toHaveLength(150);
    const cpus = setups.flatMap((t) => t.seats).filter((s) => s.kind === 'CPU');
    expect(new Set(cpus.map((s) => (s.kind === 'CPU' ? s.difficulty : null)))).toEqual(new Set(['EASY', 'MEDIUM', 'HARD', 'EXPERT']));
    expect(setups.some((t) => t.seats.every((s) => s.kind === 'HUMAN'))).toBe(true);
  });

  it('seats each account at about four tables at once, and never fewer accounts than one full table needs', () => {
    const humans = setups.reduce((sum, t) => sum + t.seats.filter((s) => s.kind === 'HUMAN').length, 0);
    expect(accountCount(setups)).toBe(Math.ceil(humans / 4));
    expect(accountCount(tableSetups({ count: 1, seed: 1 }))).toBe(6);
  });
});
