import { parentPort, workerData } from 'node:worker_threads';
import { reportFatalStart, reportThreadMemory } from '@liars-dice/platform-threads';
import { serveWriter } from './writer-server';
import type { WriterData } from './writer-protocol';

/** The writer thread (docs/adr/0001): serveWriter on the worker's port. */
if (parentPort) {
  const port = parentPort;
  try {
    // Its heap on /metrics next to the other threads' (the API's ThreadMemory listens). Not a background thread: every
    // player's command waits on its commits.
    serveWriter(port, workerData as WriterData, reportThreadMemory('sqlite-writer'));
  } catch (error) {
    reportFatalStart(port, error);
  }
}
