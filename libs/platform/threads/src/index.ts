/**
 * The background threads' toolkit, free of Nest and of prom-client: a worker thread imports this and nothing of
 * the server's framework (loading Nest into a thread costs start-up time and memory for nothing it uses).
 */
export { asBackgroundThread, BACKGROUND_NICENESS } from './background-thread';
export { reportThreadMemory, threadMemoryReport, THREAD_MEMORY_CHANNEL, THREAD_MEMORY_EVERY_MS, type ThreadMemoryReport, type HeapSpaceGroup } from './thread-memory-report';
export { startWorker, hasCompiledWorker } from './start-worker';
export { TurnOutbox, type TurnOutboxOptions } from './turn-outbox';
export { InProcessThread, reportFatalStart, ThreadClient, ThreadFailure, ThreadServer } from './channel';
export type { Posting, RequestHandler, Settle, ThreadClientOptions, ThreadGone, ThreadHandle, ThreadHandlers, ThreadPort, ThreadProtocol } from './channel';
export { API_THREADS, type ApiThread, parseThreadsInProcess } from './threads-in-process';
