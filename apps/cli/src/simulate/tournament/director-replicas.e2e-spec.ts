import { randomBytes } from 'node:crypto';
import { verifyStoredTournament } from '@liars-dice/server-tournaments';
import { DirectorProcess, seatingSummary, tournamentEvents } from './testing/processes';

jest.setTimeout(240_000);

describe('two server processes on one EventStoreDB (the wire-protocol test server)', () => {
  it('never both seat a round: every round is drafted once, every table opened and recorded once', async () => {
    const { EsdbTestServer } = await import('@liars-dice/event-store-esdb-test-server');
    const { createEsdbEventStore } = await import('@liars-dice/event-store-esdb');
    const node = await EsdbTestServer.start();
    const seedKey = randomBytes(32).toString('hex');
    const processes: DirectorProcess[] = [];
    try {
      // Given a second process already running its director, and a first one that creates an 18-player swiss
      const second = DirectorProcess.start(['serve', `esdb:${node.connectionString}`, seedKey]);
      processes.push(second);
      await second.line((l) => l === 'ready');
      const first = DirectorProcess.start(['create', `esdb:${node.connectionString}`, seedKey, '18', '1']);
      processes.push(first);
      const id = (await first.line((l) => l.startsWith('tournament '))).split(' ')[1] as string;
      // When both directors follow it to the end
      await Promise.all([first.line((l) => l === `finished ${id}`, 180_000), second.line((l) => l === `finished ${id}`, 180_000)]);
      // Then the expected revision on the tournament stream let only one of them seat each round
      const store = createEsdbEventStore(node.connectionString);
      try {
        const summary = seatingSummary(await tournamentEvents(store, id));
        expect(summary).toMatchObject({ drafted: 2, discarded: 0, rounds: 2, tables: 4, over: 'TournamentFinished' });
        expect(new Set(summary.assigned).size).toBe(4);
        expect(summary.assigned).toHaveLength(4);
        expect(summary.finished).toHaveLength(4);
        expect((await verifyStoredTournament(store, id)).allVerified).toBe(true);
      } finally {
        await store.close();
      }
    } finally {
      await Promise.all(processes.map((p) => p.stop()));
      await node.stop();
    }
  });
});
