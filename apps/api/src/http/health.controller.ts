import { timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import { Controller, Get, HttpCode, HttpException, Inject, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Registry } from 'prom-client';
import { MetricsRegistry } from '@liars-dice/server-platform';
import { LiveMatches } from '@liars-dice/server-matches';
import { API_CONFIG } from '../tokens';
import type { ApiConfig } from '../config';
import { clientAddress } from './client-address';
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
    const body = {
      ...(await this.probe.check(this.config.env.READY_MAX_LAG_MS)),
      store: this.config.store,
      matches: this.matches.size,
    };
    if (!body.ready) throw new HttpException(body, 503);
    return body;
  }

  @Get('live')
  @HttpCode(200)
  live(): { status: 'alive'; pid: number; uptimeSeconds: number } {
    return {
      status: 'alive',
      pid: process.pid,
      uptimeSeconds: Math.round((Date.now() - this.started) / 1000),
    };
  }
}

/**
 * `/metrics` tells how busy the server is and what it holds: with METRICS_TOKEN set, only a scraper sending it as a
 * bearer token reads it (401 otherwise); unset, only callers on this host (a loopback client address, TRUST_PROXY
 * applied, so a proxy on this host does not make the public local) read it (403 otherwise). docs/operations.md.
 */
@Controller()
export class MetricsController {
  private readonly addressOf: ReturnType<typeof clientAddress>;

  constructor(
    private readonly registry: MetricsRegistry,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {
    this.addressOf = clientAddress(config.env.TRUST_PROXY);
  }

  // Prometheus's text format (scrapers check the type), set on the answer only: a refusal is JSON.
  @Get('metrics')
  async metrics(@Req() req: FastifyRequest, @Res({ passthrough: true }) res: FastifyReply): Promise<string> {
    const refusal = metricsRefusal(
      this.config.env.METRICS_TOKEN,
      req.headers['authorization'],
      this.addressOf(req.raw),
    );
    if (refusal?.getStatus() === 401) void res.header('www-authenticate', 'Bearer');
    if (refusal) throw refusal;
    const text = await this.registry.metrics();
    void res.type(Registry.PROMETHEUS_CONTENT_TYPE);
    return text;
  }
}

/** Why the caller may not read /metrics (401 without the token, 403 from elsewhere with none set), or null. */
export function metricsRefusal(
  token: string | undefined,
  authorization: string | undefined,
  address: string | undefined,
): HttpException | null {
  if (token === undefined) {
    return isLoopback(address)
      ? null
      : new HttpException(
          {
            message: 'metrics are served to this host only: set METRICS_TOKEN to scrape from elsewhere',
            code: 'FORBIDDEN',
          },
          403,
        );
  }
  const given = Buffer.from(/^Bearer (.+)$/.exec(authorization ?? '')?.[1] ?? '');
  const expected = Buffer.from(token);
  if (given.length === expected.length && timingSafeEqual(given, expected)) return null;
  return new HttpException(
    { message: 'metrics need the METRICS_TOKEN as a bearer token', code: 'UNAUTHENTICATED' },
    401,
  );
}

function isLoopback(address: string | undefined): boolean {
  if (address === undefined) return false;
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  return plain === '::1' || (isIP(plain) === 4 && plain.startsWith('127.'));
}
