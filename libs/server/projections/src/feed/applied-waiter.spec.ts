import { AppliedWaiter } from './applied-waiter';

describe('the applied waiter (runner and projections thread alike)', () => {
  it('given waiters on several positions, when the projections reach one, then exactly those at or below it resolve', async () => {
    const waiter = new AppliedWaiter();
    const resolved: bigint[] = [];
    for (const position of [3n, 5n, 9n]) void waiter.whenApplied(position).then(() => resolved.push(position));
    waiter.reached(5n);
    await Promise.resolve();
    expect(resolved.sort()).toEqual([3n, 5n]);
    await expect(waiter.whenApplied(4n)).resolves.toBeUndefined();
  });

  it('given the feed ends, then pending and later waits are rejected, never left hanging, and catch-up waits resolve', async () => {
    const waiter = new AppliedWaiter();
    const pending = waiter.whenApplied(10n);
    const caughtUp = waiter.whenCaughtUp();
    waiter.end(new Error('the projections thread has stopped'));
    await expect(pending).rejects.toThrow('stopped');
    await expect(waiter.whenApplied(11n)).rejects.toThrow('stopped');
    await expect(caughtUp).resolves.toBeUndefined();
  });

  it('given the initial catch-up, then waiters before and after it resolve', async () => {
    const waiter = new AppliedWaiter();
    const before = waiter.whenCaughtUp();
    expect(waiter.isCaughtUp).toBe(false);
    waiter.markCaughtUp();
    await expect(before).resolves.toBeUndefined();
    await expect(waiter.whenCaughtUp()).resolves.toBeUndefined();
  });
});
