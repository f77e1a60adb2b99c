import { parseThreadsInProcess } from './threads-in-process';

describe('THREADS_IN_PROCESS', () => {
  it.each([
    [undefined, []],
    ['', []],
    ['projections', ['projections']],
    [' sqlite-writer , cpu-seats,sqlite-writer', ['sqlite-writer', 'cpu-seats']],
  ])('given %j, then the threads %j run in process', (value, expected) => {
    expect(parseThreadsInProcess(value)).toEqual(expected);
  });

  it('given a name that is no thread of the API, then the error names it and the names it may be', () => {
    expect(parseThreadsInProcess('projections,edge')).toEqual({ error: 'unknown thread "edge": expected a comma-separated list of sqlite-writer, projections, cpu-seats' });
  });
});
