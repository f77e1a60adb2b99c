import { RegistrationThrottle, SignInBackoff } from './attempt-limits';

// rate-limiter-flexible's memory store keeps time with Date.now and setTimeout: Jest's fake clock drives both.
beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
afterEach(() => jest.useRealTimers());

/** Whether a sign-in under `name` is let through now, or the seconds it must wait. */
async function verdict(backoff: SignInBackoff, name: string): Promise<'let through' | number> {
  try {
    await backoff.check(name);
    return 'let through';
  } catch (error) {
    expect(error).toMatchObject({ code: 'TOO_MANY_ATTEMPTS', field: 'name' });
    return (error as { details: { retryAfterSeconds: number } }).details.retryAfterSeconds;
  }
}

async function fail(backoff: SignInBackoff, name: string, times: number): Promise<void> {
  for (let i = 0; i < times; i++) await backoff.failed(name);
}

describe('sign-in back-off per account name (ADR 0070)', () => {
  const settings = { signInFreeFailures: 5, signInBackoffMaxSeconds: 60 };

  it('given 5 wrong passwords in a row (the free ones), then the next sign-in is let through', async () => {
    const backoff = new SignInBackoff(settings);
    await fail(backoff, 'ann', 5);
    expect(await verdict(backoff, 'ann')).toBe('let through');
  });

  it('given each wrong password past the free ones, then the name waits 1, 2, 4, 8 s, and is let through once the wait is over', async () => {
    const backoff = new SignInBackoff(settings);
    await fail(backoff, 'ann', 5);
    for (const wait of [1, 2, 4, 8]) {
      await backoff.failed('ann');
      expect(await verdict(backoff, 'ann')).toBe(wait);
      jest.advanceTimersByTime(wait * 1000);
      expect(await verdict(backoff, 'ann')).toBe('let through');
    }
  });

  it('given a long run of wrong passwords, then the wait stops growing at SIGN_IN_BACKOFF_MAX_SECONDS', async () => {
    const backoff = new SignInBackoff(settings);
    await fail(backoff, 'ann', 150);
    expect(await verdict(backoff, 'ann')).toBe(60);
  });

  it('given a right password after a run, then the count starts again: the next 5 wrong ones are free', async () => {
    const backoff = new SignInBackoff(settings);
    await fail(backoff, 'ann', 7);
    jest.advanceTimersByTime(2000);
    await backoff.succeeded('ann');
    await fail(backoff, 'ann', 5);
    expect(await verdict(backoff, 'ann')).toBe('let through');
  });

  it('given wrong passwords for ANN, then ann waits too (one name in any case); bob does not', async () => {
    const backoff = new SignInBackoff(settings);
    await fail(backoff, 'ANN', 6);
    expect(await verdict(backoff, 'ann')).toBe(1);
    expect(await verdict(backoff, 'bob')).toBe('let through');
  });
});

describe('registrations per client address (ADR 0070)', () => {
  async function take(throttle: RegistrationThrottle, address: string | undefined) {
    try {
      return await throttle.take(address);
    } catch (error) {
      return error as { code: string; details: { retryAfterSeconds: number }; message: string };
    }
  }

  it('given 3 an hour, when one address registers a 4th within the hour, then TOO_MANY_REGISTRATIONS with the seconds to wait; another address may', async () => {
    const throttle = new RegistrationThrottle({ registrationsPerHour: 3 });
    for (let i = 0; i < 3; i++) expect(typeof (await take(throttle, '10.0.0.1'))).toBe('function');
    jest.advanceTimersByTime(600_000);
    expect(await take(throttle, '10.0.0.1')).toMatchObject({
      code: 'TOO_MANY_REGISTRATIONS',
      details: { retryAfterSeconds: 3000 },
      message: 'this address registered 3 accounts within the hour, the most it may; try again in 3000 s',
    });
    expect(typeof (await take(throttle, '10.0.0.2'))).toBe('function');
  });

  it('given a registration given back (refused for its input), then it does not count', async () => {
    const throttle = new RegistrationThrottle({ registrationsPerHour: 1 });
    const giveBack = await take(throttle, '10.0.0.1');
    if (typeof giveBack !== 'function') throw new Error('the first registration was refused');
    await giveBack();
    expect(typeof (await take(throttle, '10.0.0.1'))).toBe('function');
  });

  it('given 0 (no limit), then any number of registrations pass', async () => {
    const throttle = new RegistrationThrottle({ registrationsPerHour: 0 });
    for (let i = 0; i < 100; i++) expect(typeof (await take(throttle, '10.0.0.1'))).toBe('function');
  });
});
