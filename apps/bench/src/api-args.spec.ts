import { parseApiArgs } from './api-args';

describe("bench:api's flags", () => {
  it('given none, then 20 s, 64 tables, 100 subscribers, no CPU seats, every thread on its own, and the peer baseline', () => {
    expect(parseApiArgs([])).toEqual({ seconds: 20, tables: 64, subscribers: 100, cpuSeats: 0, inProcess: [], peer: true });
  });

  it('given threads to run in process, CPU seats and no peer, then each is taken', () => {
    expect(parseApiArgs(['--in-process', 'projections,sqlite-writer', '--cpu-seats', '1', '--peer', 'no', '--seconds', '5'])).toEqual({
      seconds: 5,
      tables: 64,
      subscribers: 100,
      cpuSeats: 1,
      inProcess: ['projections', 'sqlite-writer'],
      peer: false,
    });
  });

  it.each([
    [['--in-process', 'edge'], '--in-process edge: expected one or more of sqlite-writer, projections, cpu-seats'],
    [['--in-process'], '--in-process : expected one or more of sqlite-writer, projections, cpu-seats'],
    [['--peer', 'maybe'], '--peer maybe: not understood'],
    [['--tables', '0'], '--tables 0: not understood'],
  ])('given %j, then the error says what was not understood', (args, error) => {
    expect(parseApiArgs(args)).toBe(error);
  });
});
