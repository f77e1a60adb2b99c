import type { LoggerService } from '@nestjs/common';
import pino, { type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';

export type LogFormat = 'json' | 'pretty';

/** Readable lines for a person at a terminal; JSON lines for anything that collects them (a file, a pipe, a supervisor). */
export function logFormatFor(stdout: { readonly isTTY?: boolean }): LogFormat {
  return stdout.isTTY ? 'pretty' : 'json';
}

/** Synchronous writes: the service logs little per request, and nothing may be lost at shutdown. */
function destination(format: LogFormat): DestinationStream {
  if (format === 'json') return pino.destination({ dest: 1, sync: true });
  return pretty({
    destination: 1,
    sync: true,
    translateTime: 'SYS:HH:MM:ss',
    messageFormat: '{if context}({context}) {end}{msg}',
    ignore: 'pid,hostname,service,context',
    singleLine: true,
  });
}

export function createLogger(level: string, format: LogFormat = logFormatFor(process.stdout)): Logger {
  return pino({ level, base: { service: 'liars-dice-api' } }, destination(format));
}

/**
 * Nest's own start-up narration (each module initialised, each route mapped): debug, so an operator's info
 * level shows what they act on, not two dozen lines of wiring before the URLs.
 */
const FRAMEWORK_CONTEXTS: ReadonlySet<string> = new Set(['NestFactory', 'InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestApplication', 'GraphQLModule']);

/** Nest's logger interface over pino: one entry per message, the Nest context as a field. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string): void {
    if (context !== undefined && FRAMEWORK_CONTEXTS.has(context)) this.logger.debug({ context }, String(message));
    else this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string): void {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string): void {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string): void {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string): void {
    this.logger.trace({ context }, String(message));
  }
}
