import { Global, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { RefusalFilter } from './refusal.filter';
import { CommandGate } from './command-gate';
import { MetricsRegistry } from './metrics-registry';

/** Plumbing every feature slice uses; the app provides EVENT_STORE, SERVER_SETTINGS and the Clock next to it. */
@Global()
@Module({
  imports: [CqrsModule.forRoot()],
  providers: [CommandGate, MetricsRegistry, { provide: APP_FILTER, useClass: RefusalFilter }],
  exports: [CommandGate, MetricsRegistry, CqrsModule],
})
export class PlatformModule {}
