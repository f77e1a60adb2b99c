import { Logger } from '@nestjs/common';
import type { EventStore, RecordedEvent, Subscription } from '@liars-dice/event-store-port';

/**
 * Follows events of the given types from the first one in the store, once `ready` resolves, handing each to
 * `heard` in store order. From the start every time, so what was written while no server ran is heard too:
 * `heard` must make a repeat harmless (a command id naming the event). Close the returned subscription on
 * shutdown.
 */
export function followFromStart(
  store: EventStore,
  eventTypes: readonly string[],
  ready: () => Promise<void>,
  heard: (event: RecordedEvent) => Promise<void>,
): Subscription {
  const subscription = store.subscribeToAll({ from: 'start', filter: { eventTypes: [...eventTypes] } });
  const logger = new Logger(`follow ${eventTypes.join(', ')}`);
  void (async () => {
    await ready();
    try {
      for await (const message of subscription) if (message.kind === 'event') await heard(message.event);
    } catch (error) {
      logger.warn(error instanceof Error ? error.message : String(error));
    }
  })();
  return subscription;
}
