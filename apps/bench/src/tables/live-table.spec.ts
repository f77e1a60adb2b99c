import { performance } from 'node:perf_hooks';
import { createRng } from '@liars-dice/game-bots';
import type { TableView } from './documents';
import { LAST_PUSH_MS, LiveTable, STALL_MS } from './live-table';
import type { TableSetup } from './plan';
import type { Player, TableLink } from './table-link';
import { TablesMeasurements } from './table-measurements';

const view = (revision: number, toAct = 's2'): TableView =>
  ({ id: 'm1', revision: String(revision), status: 'bidding', toAct, me: 's1', committedAt: null, options: { spotOn: false }, seats: [], round: null }) as TableView;

/** A table whose host (seat s1) waits on a CPU seat: the server is at `server` revisions, the subscription pushes what the test says. */
async function waitingTable() {
  const measured = new TablesMeasurements();
  let push: (v: TableView) => void = () => undefined;
  const server = { revision: 3 };
  const socket = {
    subscribe: (_: unknown, sink: { next: (r: { data: { matchUpdated: TableView } }) => void }) => {
      push = (v) => sink.next({ data: { matchUpdated: v } });
      return () => undefined;
    },
  };
  const link = {
    measured,
    mutate: async () => view(3),
    send: async () => ({ match: view(server.revision) }),
  } as unknown as TableLink;
  const host = { socket } as unknown as Player;
  const table = new LiveTable({ ruleset: 'CLASSIC', seats: [] } as unknown as TableSetup, [host], link, createRng('t'));
  table.start(0);
  await jest.advanceTimersByTimeAsync(0);
  return { table, measured, server, push: (revision: number) => push(view(revision)) };
}

/** Ends the run for a table: it waits up to LAST_PUSH_MS (on the faked clock) for its last reply's push. */
async function stop(table: LiveTable): Promise<void> {
  const stopped = table.stop();
  await jest.advanceTimersByTimeAsync(LAST_PUSH_MS);
  await stopped;
}

describe('a live table judging missing pushes', () => {
  // The table reads node:perf_hooks' clock, which Jest's fake timers leave alone: it follows the faked Date here.
  beforeEach(() => {
    jest.useFakeTimers();
    jest.spyOn(performance, 'now').mockImplementation(() => Date.now());
  });
  afterEach(() => {
    jest.restoreAllMocks();
    jest.useRealTimers();
  });

  it('given a poll that finds a revision not pushed yet, when its push arrives late, then nothing is counted', async () => {
    const { table, measured, server, push } = await waitingTable();
    server.revision = 4;
    await jest.advanceTimersByTimeAsync(STALL_MS);
    table.checkStalled(performance.now());
    await jest.advanceTimersByTimeAsync(0);
    push(4);
    await jest.advanceTimersByTimeAsync(STALL_MS);
    table.checkStalled(performance.now());
    expect(measured.errorCount).toBe(0);
    await stop(table);
  });

  it('given a poll that finds a revision not pushed yet, when its push never comes, then it is PUSH_MISSING once, when the run ends', async () => {
    const { table, measured, server } = await waitingTable();
    server.revision = 4;
    await jest.advanceTimersByTimeAsync(STALL_MS);
    table.checkStalled(performance.now());
    await jest.advanceTimersByTimeAsync(3 * STALL_MS);
    table.checkStalled(performance.now());
    expect(measured.errorCount).toBe(0);
    await stop(table);
    expect([...measured.errors]).toEqual([['PUSH_MISSING', 1]]);
  });

  it('given a poll just before the end that finds a revision not pushed yet, then it is not judged (too late to tell late from lost)', async () => {
    const { table, measured, server } = await waitingTable();
    server.revision = 4;
    await jest.advanceTimersByTimeAsync(STALL_MS);
    table.checkStalled(performance.now());
    await jest.advanceTimersByTimeAsync(STALL_MS - 1);
    await stop(table);
    expect(measured.errorCount).toBe(0);
  });
});
