import { Global, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { Clock } from './clock';
import { Dispatcher } from './dispatcher';
import { MetricsRegistry } from './metrics-registry';

/** Plumbing every feature slice uses; the app provides EVENT_STORE and SERVER_SETTINGS next to it. */
@Global()
@Module({
  imports: [CqrsModule.forRoot()],
  providers: [Clock, Dispatcher, MetricsRegistry],
  exports: [Clock, Dispatcher, MetricsRegistry, CqrsModule],
})
export class PlatformModule {}
