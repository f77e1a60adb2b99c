import { type ThreadPort, ThreadServer } from '@liars-dice/platform-threads';
import type { EventStore } from '@liars-dice/event-store-port';
import { InlineProjections } from '../feed/projection-feed';
import { openReadDatabase } from '../read-database';
import type { ProjectionsProtocol } from './protocol';

const describe = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * The projections thread's whole job: its own read-database connection (the only writer), its own store
 * connection, the runner feeding one from the other, and a report to the API thread after every batch.
 * `closeStore` is called once the runner has stopped. The thread ends when the port closes.
 */
export function hostProjections(port: ThreadPort, store: EventStore, readDbFile: string, closeStore: () => Promise<void>): void {
  const db = openReadDatabase(readDbFile);
  let lags: number[] = [];
  let applications = 0;
  let finishing: Promise<void> | null = null;
  // Ends the thread once: asked to by the API, or because the subscription or the read database failed (the
  // API then starts a new thread, which resumes after the committed checkpoints).
  const finish = (): Promise<void> =>
    (finishing ??= feed
      .stop()
      .then(closeStore)
      .catch((error: unknown) => server.tell('error', `projections stopped badly: ${describe(error)}`))
      .finally(() => {
        db.close();
        server.close();
      }));
  const feed = new InlineProjections(store, db, {
    metrics: { lag: { observe: (seconds) => lags.push(seconds) }, applied: { inc: (n) => (applications += n) } },
    onApplied: (position, list) => {
      // Rows only when some changed (a few batches a second at most): most batches are moves, which change none.
      server.tell('applied', list ? { position, lags, applications, list } : { position, lags, applications });
      lags = [];
      applications = 0;
    },
    onFailure: (projection, failure) => server.tell('failure', { projection, failure }),
    onError: (error) => {
      server.tell('error', `projection subscription ended: ${describe(error)}; the thread ends and is started again`);
      void finish();
    },
    onCheckpointError: (message) => server.tell('error', `read database checkpoint failed: ${message}`),
  });
  const server: ThreadServer<ProjectionsProtocol> = new ThreadServer<ProjectionsProtocol>(port, {
    requests: {
      recompute: async (family) => (await feed.recompute(family), null),
      rebuild: async (name) => (await feed.rebuild(name), null),
    },
    on: { stop: () => void finish() },
  });
  server.ready();
  feed.start();
  void feed.whenCaughtUp().then(() => server.tell('caught-up', null));
}
