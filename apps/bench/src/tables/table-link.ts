import { performance } from 'node:perf_hooks';
import type { Client } from 'graphql-ws';
import type { HttpConnection } from '../http-connection';
import { dataOrCounted, type Reply } from '../load-client';
import type { Account } from '../table';
import type { TableView } from './documents';
import type { TablesMeasurements, Transport } from './table-measurements';

type Reopening = ReturnType<typeof HttpConnection.reopening>;

/**
 * A human seat's client: its account, its websocket (every human of a websocket table has one; the host always,
 * for the subscription) and, at an HTTP table, its own keep-alive connection, on which its requests queue one
 * after another as on a browser's HTTP/1.1 connection.
 */
export class Player {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    readonly account: Account,
    readonly socket: Client | null,
    private readonly connection: Reopening | null,
  ) {}

  post<T>(query: string, variables: Record<string, unknown>): Promise<Reply<T>> {
    const connection = this.connection;
    if (!connection) return Promise.reject(new Error(`${this.account.name} has no HTTP connection`));
    const request = this.queue.then(async () => (await connection.get()).post<T>(query, variables, this.account.token));
    this.queue = request.catch(() => undefined);
    return request;
  }

  close(): void {
    this.connection?.close();
  }
}

/** After a failed request, a pause before the next try: a table that keeps failing must not spin. */
export const PAUSE_AFTER_ERROR_MS = 200;
export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One GraphQL operation over a graphql-ws socket, answered like an HTTP reply (a mutation has one result). */
function overSocket<T>(socket: Client, query: string, variables: Record<string, unknown>): Promise<Reply<T>> {
  return new Promise((resolve, reject) => {
    let reply: Reply<T> = {};
    socket.subscribe<T>(
      { query, variables },
      {
        next: (result) => (reply = result as Reply<T>),
        error: (error) => (Array.isArray(error) ? resolve({ errors: error }) : reject(error instanceof Error ? error : new Error('the socket closed'))),
        complete: () => resolve(reply),
      },
    );
  });
}

/**
 * How one table's players reach the API: HTTP POSTs on each player's keep-alive connection, or GraphQL over each
 * player's own websocket. A refused request is counted by its error code (`TRANSPORT` when the connection
 * itself failed) and answered with null; mutations are timed.
 */
export class TableLink {
  constructor(
    readonly transport: Transport,
    readonly measured: TablesMeasurements,
  ) {}

  send<T>(player: Player, query: string, variables: Record<string, unknown>): Promise<T | null> {
    const { socket } = player;
    const request = this.transport === 'ws' && socket ? () => overSocket<T>(socket, query, variables) : () => player.post<T>(query, variables);
    return dataOrCounted(request, this.measured, PAUSE_AFTER_ERROR_MS);
  }

  /**
   * One timed mutation returning the match view. `watched`: the table's subscriber must be pushed its result
   * (moves are; lobby commands before and during the subscription's set-up are not).
   */
  async mutate(player: Player, query: string, variables: Record<string, unknown>, watched: boolean): Promise<TableView | null> {
    const started = performance.now();
    const data = await this.send<Record<string, TableView>>(player, query, variables);
    const view = data ? (Object.values(data)[0] ?? null) : null;
    if (!view || !this.measured.counts(started)) return view;
    const replied = performance.now();
    this.measured.latencies[this.transport].push(replied - started);
    this.measured.mutations += 1;
    if (view.committedAt !== null) {
      const origin = performance.timeOrigin;
      this.measured.split.toCommit.push(view.committedAt - (origin + started));
      this.measured.split.afterCommit.push(origin + replied - view.committedAt);
    }
    if (watched) this.measured.sent.set(`${view.id}@${view.revision}`, { started, replied, audience: 1 });
    return view;
  }
}
