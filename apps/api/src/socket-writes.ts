import type { IncomingMessage } from 'node:http';
import type { WebSocket } from 'ws';

/**
 * Frames a websocket sends in one run of JavaScript (a command's reply, its `complete` and the push of the view
 * it made, all settled by the same store acknowledgement) leave in one write to the kernel instead of one
 * each: the connection's TCP socket is corked at the first send and uncorked on the next tick, which Node runs
 * as soon as the current callback and every promise job it queued are done. So nothing waits for a later turn
 * of the event loop; only the system calls (writev was ~4 % of the main thread at 300 tables, ADR 0022) are
 * shared. ws corks around each frame itself; corks nest, so its frames simply join this one.
 */
export function coalesceSocketWrites(socket: WebSocket, request: IncomingMessage): void {
  const tcp = request.socket;
  const send = socket.send.bind(socket) as (...args: unknown[]) => void;
  let corked = false;
  const uncork = (): void => {
    corked = false;
    tcp.uncork();
  };
  socket.send = ((...args: unknown[]): void => {
    if (!corked && !tcp.destroyed) {
      corked = true;
      tcp.cork();
      process.nextTick(uncork);
    }
    send(...args);
  }) as typeof socket.send;
}
