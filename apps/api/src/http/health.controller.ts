import { Controller, Get, Header, HttpCode, HttpException, Inject } from '@nestjs/common';
import { Registry } from 'prom-client';
import { MetricsRegistry } from '@liars-dice/server-platform';
import { LiveMatches } from '@liars-dice/server-matches';
import { API_CONFIG } from '../tokens';
import type { ApiConfig } from '../config';
import { type Readiness, ReadinessProbe } from './readiness';

type ReadinessBody = Readiness & { readonly store: string; readonly matches: number };

/**
 * Liveness and readiness for a supervisor or a load balancer: `/health/live` answers 200 while the process
 * serves HTTP at all (restart it when this fails); `/health` (also `/health/ready`) answers 200 only while
 * this replica should take traffic (ReadinessProbe), else 503 with the reason in the body.
 */
@Controller('health')
export class HealthController {
  private readonly started = Date.now();

  constructor(
    private readonly probe: ReadinessProbe,
    private readonly matches: LiveMatches,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  @Get()
  @HttpCode(200)
  health(): Promise<ReadinessBody> {
    return this.ready();
  }

  @Get('ready')
  @HttpCode(200)
  async ready(): Promise<ReadinessBody> {
    const body = { ...(await this.probe.check(this.config.env.READY_MAX_LAG_MS)), store: this.config.store, matches: this.matches.size };
    if (!body.ready) throw new HttpException(body, 503);
    return body;
  }

  @Get('live')
  @HttpCode(200)
  live(): { status: 'alive'; pid: number; uptimeSeconds: number } {
    return { status: 'alive', pid: process.pid, uptimeSeconds: Math.round((Date.now() - this.started) / 1000) };
  }
}

@Controller()
export class MetricsController {
  constructor(private readonly registry: MetricsRegistry) {}

  // Prometheus's text format, not Express's default text/html for a string (scrapers check the type).
  @Get('metrics')
  @Header('content-type', Registry.PROMETHEUS_CONTENT_TYPE)
  async metrics(): Promise<string> {
    return this.registry.metrics();
  }
}
