import { Injectable } from '@nestjs/common';
import { Registry } from 'prom-client';

/** The app's prom-client registry (one per app instance, so tests can start several). */
@Injectable()
export class MetricsRegistry extends Registry {}
