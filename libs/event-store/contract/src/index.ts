import { appendContract } from './append.contract';
import { followerContract } from './follower.contract';
import { type ContractFactory, type ContractOptions, type ContractSubject } from './fixtures';
import { inputContract } from './input.contract';
import { modelContract } from './model.contract';
import { readContract } from './read.contract';
import { subscriptionContract } from './subscription.contract';

export { anEvent, collect, events, uniquePrefix } from './fixtures';
export type { ContractFactory, ContractOptions, ContractSubject } from './fixtures';

/**
 * Registers the event-store contract as Jest tests: call it at the top level of an adapter's spec file.
 * `create` runs before each test and must return a store ready to use; the suite closes it and then runs
 * `cleanup` (once per suite with `sharedStore`). Tests isolate themselves by unique stream prefixes, so a shared store (a real EventStoreDB)
 * works as well as a fresh one.
 */
export function describeEventStoreContract(
  name: string,
  create: ContractFactory,
  options: ContractOptions = {},
): void {
  describe(`event-store contract: ${name}`, () => {
    let subject: ContractSubject | undefined;
    const timeoutMs = options.timeoutMs ?? 20_000;
    const ctx = {
      timeoutMs,
      store: () => {
        if (!subject) throw new Error('the contract store was not created (see the beforeEach failure)');
        return subject.store;
      },
    };

    const open = async () => {
      subject = await create();
    };
    const close = async () => {
      const current = subject;
      subject = undefined;
      if (!current) return;
      await current.store.close();
      await current.cleanup?.();
    };
    if (options.sharedStore) {
      beforeAll(open, timeoutMs);
      afterAll(close, timeoutMs);
    } else {
      beforeEach(open, timeoutMs);
      afterEach(close, timeoutMs);
    }

    appendContract(ctx);
    readContract(ctx);
    subscriptionContract(ctx);
    inputContract(ctx);
    modelContract(ctx);
    followerContract(ctx);
  });
}
