import type { Subscription } from './types';

/** The open subscriptions of a store, so `close()` can end them all; each removes itself when closed. */
export class SubscriptionRegistry {
  private readonly open = new Set<Subscription>();

  /** `create` receives the callback its subscription must call once closed. */
  track(create: (onClose: () => void) => Subscription): Subscription {
    const subscription = create(() => this.open.delete(subscription));
    this.open.add(subscription);
    return subscription;
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.open].map((subscription) => subscription.close()));
  }
}
