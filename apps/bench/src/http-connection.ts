import net from 'node:net';
import { performance } from 'node:perf_hooks';
import type { Reply } from './load-client';

const HEADER_END = Buffer.from('\r\n\r\n');
/**
 * How long the benchmarks' API keeps an idle keep-alive connection open: they start it with this
 * HTTP_KEEP_ALIVE_MS (harness.ts), its default.
 */
export const API_KEEP_ALIVE_MS = 65_000;

/**
 * A connection idle this long is replaced before its next request: the API closes keep-alive connections idle
 * for HTTP_KEEP_ALIVE_MS (`keepAliveTimeout`), and a request written as it closes them would fail for reasons
 * of the client's making.
 */
const IDLE_REOPEN_MS = API_KEEP_ALIVE_MS - 2000;

interface Pending {
  readonly resolve: (reply: Reply<unknown>) => void;
  readonly reject: (error: Error) => void;
}

/**
 * One keep-alive HTTP/1.1 connection that sends one GraphQL POST at a time (a table plays one move at a
 * time) and reads `Content-Length` replies. It does what node:http's client does for this exact case,
 * without its agent and per-request objects: the load client shares the API's two cores, so every
 * microsecond it spends is one the server does not get.
 */
export class HttpConnection {
  private buffer: Buffer = Buffer.alloc(0);
  private pending: Pending | null = null;
  private closed: Error | null = null;
  private lastActive = performance.now();

  private constructor(
    private readonly socket: net.Socket,
    private readonly host: string,
    private readonly path: string,
  ) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    socket.on('error', (error) => this.fail(error));
    socket.on('close', () => this.fail(new Error('the API closed the connection')));
  }

  static open(url: string): Promise<HttpConnection> {
    const { hostname, port, pathname } = new URL(url);
    return new Promise((resolve, reject) => {
      const socket = net.connect(Number(port), hostname, () => resolve(new HttpConnection(socket, `${hostname}:${port}`, pathname)));
      socket.once('error', reject);
    });
  }

  post<T>(query: string, variables: Record<string, unknown>, token?: string): Promise<Reply<T>> {
    if (this.closed) return Promise.reject(this.closed);
    if (this.pending) return Promise.reject(new Error('one request at a time per connection'));
    this.lastActive = performance.now();
    const body = JSON.stringify({ query, variables });
    const auth = token ? `authorization: Bearer ${token}\r\n` : '';
    this.socket.write(`POST ${this.path} HTTP/1.1\r\nhost: ${this.host}\r\ncontent-type: application/json\r\n${auth}content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    return new Promise((resolve, reject) => (this.pending = { resolve: resolve as Pending['resolve'], reject }));
  }

  /** The connection failed or was closed, or has been idle long enough for the server to close it: open a new one. */
  get broken(): boolean {
    return this.closed !== null || (this.pending === null && performance.now() - this.lastActive > IDLE_REOPEN_MS);
  }

  close(): void {
    this.socket.destroy();
  }

  /**
   * A connection opened when the first request needs it, as a browser opens one, and again after it fails (the next
   * request uses the new one). One opened ahead and left without a request is closed by the API at its headers
   * timeout (HTTP_HEADERS_TIMEOUT_MS, 408), and a first request written as that happens fails for a reason of the
   * client's making.
   */
  static reopening(url: string): { get(): Promise<HttpConnection>; close(): void } {
    let current: Promise<HttpConnection> | null = null;
    return {
      get: async () => {
        const connection = current && (await current.catch(() => null));
        if (connection && !connection.broken) return connection;
        connection?.close();
        current = HttpConnection.open(url);
        return current;
      },
      close: () => void current?.then((c) => c.close(), () => undefined),
    };
  }

  private receive(chunk: Buffer): void {
    this.lastActive = performance.now();
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    const end = this.buffer.indexOf(HEADER_END);
    if (end < 0) return;
    const head = this.buffer.subarray(0, end).toString('latin1');
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    if (!length) return this.fail(new Error(`a reply without content-length: ${head.split('\r\n')[0] ?? ''}`));
    const total = end + HEADER_END.length + Number(length[1]);
    if (this.buffer.length < total) return;
    const body = this.buffer.subarray(end + HEADER_END.length, total).toString('utf8');
    this.buffer = this.buffer.subarray(total);
    const pending = this.pending;
    this.pending = null;
    try {
      pending?.resolve(JSON.parse(body) as Reply<unknown>);
    } catch (error) {
      pending?.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  private fail(error: Error): void {
    this.closed ??= error;
    this.pending?.reject(error);
    this.pending = null;
  }
}
