export { type ThreadProtocol, ThreadFailure } from './protocol';
export type { ThreadHandle, ThreadPort } from './ports';
export { ThreadClient, type ThreadClientOptions, type ThreadGone, type Posting, type Settle } from './thread-client';
export { ThreadServer, type ThreadHandlers, type RequestHandler, reportFatalStart } from './thread-server';
export { InProcessThread } from './in-process-thread';
