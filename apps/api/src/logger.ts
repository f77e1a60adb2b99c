import type { LoggerService } from '@nestjs/common';
import pino, { type Logger } from 'pino';

/** Synchronous writes: the service logs little per request, and nothing may be lost at shutdown. */
export function createLogger(level: string): Logger {
  return pino({ level, base: { service: 'liars-dice-api' } }, pino.destination({ dest: 1, sync: true }));
}

/** Nest's logger interface over pino: one JSON line per entry, the Nest context as a field. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string): void {
    this.logger.info({ context }, String(message));
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
