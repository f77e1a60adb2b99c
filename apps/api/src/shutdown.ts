import { type BeforeApplicationShutdown, Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { CommandGate } from '@liars-dice/server-platform';
import type { ApiConfig } from './config';
import { API_CONFIG, LOGGER } from './tokens';

/** On SIGTERM/SIGINT: stop taking commands and let the running ones finish (bounded by the grace period). */
@Injectable()
export class CommandDrain implements BeforeApplicationShutdown {
  constructor(
    private readonly gate: CommandGate,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async beforeApplicationShutdown(signal?: string): Promise<void> {
    this.logger.info({ signal }, 'draining in-flight commands');
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), this.config.env.SHUTDOWN_GRACE_MS)));
    const outcome = await Promise.race([this.gate.drain().then(() => 'drained' as const), grace]);
    clearTimeout(timer);
    this.logger.info({ outcome }, 'command drain finished');
  }
}
