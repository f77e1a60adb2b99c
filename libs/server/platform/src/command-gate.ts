import { Injectable } from '@nestjs/common';
import { type AsyncContext, CommandBus, type ICommand } from '@nestjs/cqrs';
import { performance } from 'node:perf_hooks';
import { Counter } from 'prom-client';
import { MetricsRegistry } from './metrics-registry';
import { Refusal } from './errors';
import { StepHistogram } from './step-histogram';

/** A command's result may say the command was fenced: a side effect another replica, or a newer state, made moot. */
export interface Fenceable {
  readonly fenced?: string;
}

type Execute = (command: ICommand, context?: AsyncContext) => Promise<unknown>;

/**
 * What every command passes on the CommandBus, written once around the bus (ADR 0068): new commands are refused
 * once the server drains for shutdown, the ones in flight are counted so the drain can wait for them, and each
 * outcome, fencing and latency goes to /metrics. Callers (resolvers, CPU seats, timers, the tournament director)
 * use the CommandBus as @nestjs/cqrs documents it; @nestjs/cqrs has no hook around a handler's execution (its
 * command publisher only observes), so the gate wraps the bus's `execute` when the bus is made.
 */
@Injectable()
export class CommandGate {
  private inFlight = 0;
  private draining = false;
  private idle: (() => void)[] = [];
  private readonly outcomes: Counter<'command' | 'outcome'>;
  private readonly fenced: Counter<'command' | 'reason'>;
  private readonly latency = new StepHistogram('liars_dice_command_seconds', 'Command handling time', 'command', [0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1]);
  /** Each command's recorder, by its class name: an observation is then an array increment, no label hashing. */
  private readonly timers = new Map<string, (seconds: number) => void>();

  constructor(bus: CommandBus, registry: MetricsRegistry) {
    this.outcomes = new Counter({ name: 'liars_dice_commands_total', help: 'Commands handled, by outcome (ok, fenced, or the error)', labelNames: ['command', 'outcome'], registers: [registry] });
    this.fenced = new Counter({
      name: 'liars_dice_side_effects_fenced_total',
      help: 'Machine commands (CPU seats, turn timers) that lost to another replica or a newer state and did nothing, by why',
      labelNames: ['command', 'reason'],
      registers: [registry],
    });
    registry.registerMetric(this.latency.asMetric());
    const execute: Execute = bus.execute.bind(bus);
    const gated: Execute = (command, context) => this.through(command, () => execute(command, context));
    bus.execute = gated as CommandBus['execute'];
  }

  /** Stops taking commands and resolves once the ones already running have finished. */
  drain(): Promise<void> {
    this.draining = true;
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  get isDraining(): boolean {
    return this.draining;
  }

  private async through(command: ICommand, handle: () => Promise<unknown>): Promise<unknown> {
    if (this.draining) throw new Refusal('SHUTTING_DOWN', 'the server is shutting down; retry on another instance');
    const name = command.constructor.name;
    const started = performance.now();
    this.inFlight++;
    try {
      const result = await handle();
      const fenced = (result as Fenceable | undefined)?.fenced;
      this.outcomes.inc({ command: name, outcome: fenced ? 'fenced' : 'ok' });
      if (fenced) this.fenced.inc({ command: name, reason: fenced });
      return result;
    } catch (error) {
      this.outcomes.inc({ command: name, outcome: error instanceof Error ? error.name : 'error' });
      throw error;
    } finally {
      this.timerOf(name)((performance.now() - started) / 1000);
      this.inFlight--;
      if (this.inFlight === 0) for (const resolve of this.idle.splice(0)) resolve();
    }
  }

  private timerOf(name: string): (seconds: number) => void {
    let timer = this.timers.get(name);
    if (!timer) this.timers.set(name, (timer = this.latency.of(name)));
    return timer;
  }
}
