import { Command, type CommandBus } from '@nestjs/cqrs';
import { CommandGate } from './command-gate';
import { MetricsRegistry } from './metrics-registry';

class PlaceBidCommand extends Command<unknown> {}

/** A bus whose handler answers `answer`, with the gate around it as the platform module makes it. */
function gatedBus(answer: () => Promise<unknown>): { bus: CommandBus; gate: CommandGate; registry: MetricsRegistry } {
  const registry = new MetricsRegistry();
  const bus = { execute: answer } as unknown as CommandBus;
  return { bus, gate: new CommandGate(bus, registry), registry };
}

describe('the command gate around the bus', () => {
  it('given commands that succeed and fail, when /metrics is read, then each is timed once under its command and counted by outcome', async () => {
    let calls = 0;
    const { bus, registry } = gatedBus(async () => {
      calls += 1;
      if (calls === 2) throw new RangeError('refused');
      return { ok: true };
    });

    await bus.execute(new PlaceBidCommand());
    await expect(bus.execute(new PlaceBidCommand())).rejects.toThrow('refused');
    await bus.execute(new PlaceBidCommand());

    const text = await registry.metrics();
    expect(text).toContain('# TYPE liars_dice_command_seconds histogram');
    expect(text).toContain('liars_dice_command_seconds_count{command="PlaceBidCommand"} 3');
    expect(text).toContain('liars_dice_command_seconds_bucket{le="+Inf",command="PlaceBidCommand"} 3');
    expect(text).toContain('liars_dice_commands_total{command="PlaceBidCommand",outcome="ok"} 2');
    expect(text).toContain('liars_dice_commands_total{command="PlaceBidCommand",outcome="RangeError"} 1');
  });

  it('given a machine command fenced by its handler, then it counts as fenced, with why', async () => {
    const { bus, registry } = gatedBus(async () => ({ fenced: 'moved-on' }));

    await bus.execute(new PlaceBidCommand());

    const text = await registry.metrics();
    expect(text).toContain('liars_dice_commands_total{command="PlaceBidCommand",outcome="fenced"} 1');
    expect(text).toContain('liars_dice_side_effects_fenced_total{command="PlaceBidCommand",reason="moved-on"} 1');
  });

  it('given a command in flight, when the server drains, then the drain waits for it and new commands are refused, not timed', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const { bus, gate, registry } = gatedBus(() => new Promise((resolve) => (answer = resolve)));
    const running = bus.execute(new PlaceBidCommand());
    let drained = false;

    const draining = gate.drain().then(() => (drained = true));
    await Promise.resolve();
    expect(drained).toBe(false);
    expect(gate.isDraining).toBe(true);
    await expect(bus.execute(new PlaceBidCommand())).rejects.toMatchObject({ code: 'SHUTTING_DOWN' });
    answer('done');
    await draining;

    expect(await running).toBe('done');
    expect(await registry.metrics()).toContain('liars_dice_command_seconds_count{command="PlaceBidCommand"} 1');
  });
});
