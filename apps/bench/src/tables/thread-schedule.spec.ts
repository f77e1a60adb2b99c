import { apiThreadUse, parseSchedstat, parseStatNice, processUse, readThreads, type ThreadSchedule, threadsSection, threadsTable } from './thread-schedule';

const thread = (tid: number, runMs: number, waitMs: number, slices: number, nice = 0, comm = 'node'): [number, ThreadSchedule] => [tid, { tid, comm, nice, runNs: runMs * 1e6, waitNs: waitMs * 1e6, slices }];

describe('reading a thread\'s scheduling from /proc', () => {
  it('given a schedstat line, then its on-CPU ns, run-queue wait ns and timeslices', () => {
    expect(parseSchedstat('22107453712 10812345678 63510\n')).toEqual({ runNs: 22107453712, waitNs: 10812345678, slices: 63510 });
  });

  it('given something that is not three numbers, then nothing', () => {
    expect(parseSchedstat('')).toBeNull();
    expect(parseSchedstat('1 2')).toBeNull();
    expect(parseSchedstat('1 two 3')).toBeNull();
  });

  it('given a stat line whose thread name holds spaces and a parenthesis, then the niceness is still field 19', () => {
    const stat = '4107 (V8 Def) Worker) S 4100 4100 4000 0 -1 4194368 12 0 0 0 150 20 0 0 30 10 12 0 5000 1000 200 0';
    expect(parseStatNice(stat)).toBe(10);
  });

  it('given this process on Linux, then its main thread is there, with its time on a CPU', () => {
    if (process.platform !== 'linux') return;
    const own = readThreads(process.pid)?.get(process.pid);
    expect(own?.runNs).toBeGreaterThan(0);
    expect(readThreads(2 ** 30)).toBeNull();
  });
});

describe('per-thread use over the measured window', () => {
  const before = new Map([thread(100, 1000, 500, 1000), thread(107, 400, 100, 800), thread(111, 50, 10, 100, 10, 'V8 DefaultWorke'), thread(112, 60, 20, 100, 0, 'V8 DefaultWorke')]);
  const after = new Map([thread(100, 23_200, 11_300, 64_510), thread(107, 11_380, 2_100, 20_800), thread(111, 1_250, 1_010, 1_100, 10, 'V8 DefaultWorke'), thread(112, 1_260, 1_020, 1_100, 0, 'V8 DefaultWorke'), thread(120, 36, 5, 10, 0, 'libuv-worker')]);

  it('given the roles the API reported, then one row per role and every other thread (one born meanwhile too) in one group', () => {
    const rows = apiThreadUse(before, after, { main: 100, edge: 107, projections: 999 });
    expect(rows).toEqual([
      { label: 'main', nice: '0', threads: 1, runMs: 22_200, waitMs: 10_800, slices: 63_510 },
      { label: 'edge', nice: '0', threads: 1, runMs: 10_980, waitMs: 2_000, slices: 20_000 },
      { label: 'V8/libuv others', nice: '0/10', threads: 3, runMs: 2_436, waitMs: 2_005, slices: 2_010 },
    ]);
  });

  it('given the rows and 60 s of wall time, then on-CPU as a share of a core, wait as a share of wall time and the wait per timeslice', () => {
    const table = threadsTable([...apiThreadUse(before, after, { main: 100 }).slice(0, 1), processUse(before, after, 'load client (whole process)')], 60_000);
    expect(table.split('\n')).toEqual([
      'Threads over the measured window (60 s, Linux schedstat; run-queue wait: runnable, no core free):',
      '',
      '| thread | nice | on-CPU (% of a core) | run-queue wait (% of wall time) | timeslices | mean wait per timeslice |',
      '|---|---|---|---|---|---|',
      '| main | 0 | 37.0 % | 18.0 % | 63,510 | 0.17 ms |',
      '| load client (whole process) (5 threads) | 0/10 | 59.4 % | 24.7 % | 85,520 | 0.17 ms |',
    ]);
  });

  it('given looks at both processes, then the API\'s roles busiest first, the others, then the load client', () => {
    const section = threadsSection({ before: { api: before, client: before }, after: { api: after, client: after }, wallMs: 60_000 }, { edge: 107, main: 100 }, 'linux');
    expect(section.split('\n').slice(4).map((line) => line.split(' | ')[0])).toEqual(['| main', '| edge', '| V8/libuv others (3 threads)', '| load client (whole process) (5 threads)']);
  });

  it('given another platform, or /proc unreadable, or an API without task ids, then a line that says so', () => {
    const looks = { before: { api: before, client: before }, after: { api: after, client: after }, wallMs: 60_000 };
    expect(threadsSection(looks, {}, 'darwin')).toMatch(/not shown, .*this is darwin/);
    expect(threadsSection({ ...looks, after: { api: null, client: after } }, {}, 'linux')).toMatch(/not shown, .*could not be read/);
    expect(threadsSection(looks, {}, 'linux')).toMatch(/reported no thread task ids/);
  });
});
