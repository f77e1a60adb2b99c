import { Controller, Get, HttpCode, HttpException, Inject } from '@nestjs/common';
import { Dispatcher, MetricsRegistry } from '@liars-dice/server-platform';
import { MatchCatalog } from '@liars-dice/server-matches';
import { API_CONFIG } from '../tokens';
import type { ApiConfig } from '../config';

@Controller()
export class HealthController {
  constructor(
    private readonly dispatcher: Dispatcher,
    private readonly catalog: MatchCatalog,
    private readonly registry: MetricsRegistry,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  /** 200 while taking commands; 503 once draining for shutdown, so a balancer stops sending work. */
  @Get('health')
  @HttpCode(200)
  health(): { status: string; store: string; matches: number } {
    const body = { status: this.dispatcher.isDraining ? 'draining' : 'ok', store: this.config.store, matches: [...this.catalog.all()].length };
    if (this.dispatcher.isDraining) throw new HttpException(body, 503);
    return body;
  }

  @Get('metrics')
  async metrics(): Promise<string> {
    return this.registry.metrics();
  }
}
