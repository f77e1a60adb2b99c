import { Command, type CommandBus } from '@nestjs/cqrs';
import { Dispatcher } from './dispatcher';
import { MetricsRegistry } from './metrics-registry';

class PlaceBidCommand extends Command<unknown> {}

function dispatcherAnswering(answer: () => Promise<unknown>): { dispatcher: Dispatcher; registry: MetricsRegistry } {
  const registry = new MetricsRegistry();
  const bus = { execute: answer } as unknown as CommandBus;
  return { dispatcher: new Dispatcher(bus, registry), registry };
}

describe('the dispatcher on /metrics', () => {
  it('given commands that succeed and fail, when /metrics is read, then each is timed once under its command and counted by outcome', async () => {
    let calls = 0;
    const { dispatcher, registry } = dispatcherAnswering(async () => {
      calls += 1;
      if (calls === 2) throw new RangeError('refused');
      return { ok: true };
    });

    await dispatcher.execute(new PlaceBidCommand());
    await expect(dispatcher.execute(new PlaceBidCommand())).rejects.toThrow('refused');
    await dispatcher.execute(new PlaceBidCommand());

    const text = await registry.metrics();
    expect(text).toContain('# TYPE liars_dice_command_seconds histogram');
    expect(text).toContain('liars_dice_command_seconds_count{command="PlaceBidCommand"} 3');
    expect(text).toContain('liars_dice_command_seconds_bucket{le="+Inf",command="PlaceBidCommand"} 3');
    expect(text).toContain('liars_dice_commands_total{command="PlaceBidCommand",outcome="ok"} 2');
    expect(text).toContain('liars_dice_commands_total{command="PlaceBidCommand",outcome="RangeError"} 1');
  });

  it('given a draining dispatcher, when a command comes, then it is refused and not timed', async () => {
    const { dispatcher, registry } = dispatcherAnswering(async () => 'ok');

    await dispatcher.drain();

    await expect(dispatcher.execute(new PlaceBidCommand())).rejects.toMatchObject({ code: 'SHUTTING_DOWN' });
    expect(await registry.metrics()).not.toContain('liars_dice_command_seconds_count');
  });
});
