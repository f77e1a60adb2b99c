import type { MessagePort } from 'node:worker_threads';
import type { EventStore } from '@liars-dice/event-store-port';
import { InlineProjections } from '../feed/projection-feed';
import { openReadDatabase } from '../read-database';
import type { FromProjections, ToProjections } from './protocol';

const describe = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * The projections thread's whole job: its own read-database connection (the only writer), its own store
 * connection, the runner feeding one from the other, and a report to the API thread after every batch.
 * `closeStore` is called once the runner has stopped. The thread ends when the port closes.
 */
export function hostProjections(port: MessagePort, store: EventStore, readDbFile: string, closeStore: () => Promise<void>): void {
  const send = (message: FromProjections): void => port.postMessage(message);
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
      .catch((error: unknown) => send({ kind: 'error', message: `projections stopped badly: ${describe(error)}` }))
      .finally(() => {
        db.close();
        port.close();
      }));
  const feed = new InlineProjections(store, db, {
    metrics: { lag: { observe: (seconds) => lags.push(seconds) }, applied: { inc: (n) => (applications += n) } },
    onApplied: (position, list) => {
      // Rows only when some changed (a few batches a second at most): most batches are moves, which change none.
      send(list ? { kind: 'applied', position, lags, applications, list } : { kind: 'applied', position, lags, applications });
      lags = [];
      applications = 0;
    },
    onFailure: (projection, failure) => send({ kind: 'failure', projection, failure }),
    onError: (error) => {
      send({ kind: 'error', message: `projection subscription ended: ${describe(error)}; the thread ends and is started again` });
      void finish();
    },
    onCheckpointError: (message) => send({ kind: 'error', message: `read database checkpoint failed: ${message}` }),
  });
  port.on('message', (message: ToProjections) => {
    if (message.kind === 'stop') {
      void finish();
      return;
    }
    const [done, reply] = message.kind === 'rebuild' ? [feed.rebuild(message.name), 'rebuilt' as const] : [feed.recompute(message.family), 'recomputed' as const];
    done.then(
      () => send({ kind: reply, id: message.id, error: null }),
      (error: unknown) => send({ kind: reply, id: message.id, error: describe(error) }),
    );
  });
  send({ kind: 'ready' });
  feed.start();
  void feed.whenCaughtUp().then(() => send({ kind: 'caught-up' }));
}
