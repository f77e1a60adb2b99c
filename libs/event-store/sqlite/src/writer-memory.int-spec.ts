import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { nextThreadMemoryReport } from '@liars-dice/platform-threads/testing';
import { SqliteEventStore } from './sqlite-event-store';

describe('the SQLite writer thread\'s memory', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'ld-writer-memory-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('given a store opened on a file, then its writer thread posts its own isolate\'s memory as "sqlite-writer" (what /metrics shows)', async () => {
    // Given the thread-memory channel listened to before the writer starts
    const report = nextThreadMemoryReport('sqlite-writer');
    // When a store starts its writer thread
    const store = await SqliteEventStore.open({ file: path.join(dir, 'events.db') });
    try {
      // Then the writer's heap arrives, its own (a fresh isolate's heap is far below this test process's)
      const { heapUsed, heapTotal } = await report;
      expect(heapUsed).toBeGreaterThan(0);
      expect(heapUsed).toBeLessThanOrEqual(heapTotal);
      expect(heapTotal).not.toBe(process.memoryUsage().heapTotal);
    } finally {
      await store.close();
    }
  });
});
