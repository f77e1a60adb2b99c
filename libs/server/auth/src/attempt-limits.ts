import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { Refusal } from '@liars-dice/server-platform';

/** The account settings of ServerSettings (docs/operations.md). */
export interface AttemptSettings {
  /** Wrong passwords in a row an account takes before each further one makes it wait (doubling from 1 s). */
  readonly signInFreeFailures: number;
  /** The longest wait a run of wrong passwords makes. */
  readonly signInBackoffMaxSeconds: number;
  /** Accounts one client address may register in an hour; 0: no limit. */
  readonly registrationsPerHour: number;
}

/** A run of wrong passwords is forgotten this long after it started (rate-limiter-flexible's window). */
const FAILURES_KEPT_SECONDS = 86_400;

function seconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

/**
 * Exponential back-off of sign-in per account name (ADR 0070), rate-limiter-flexible's consecutive-failures
 * recipe: every wrong password counts, a right one clears the count; past `signInFreeFailures` in a row each
 * makes the name wait 1 s, 2 s, 4 s… up to `signInBackoffMaxSeconds`, and while it waits every sign-in under it
 * is refused unread, right password or not. Names no account has count the same way, so the answers tell
 * nothing of which accounts exist. Kept per process: with N replicas a name gets N times the attempts.
 */
export class SignInBackoff {
  private readonly failures = new RateLimiterMemory({ keyPrefix: 'sign-in-failures', points: Number.MAX_SAFE_INTEGER, duration: FAILURES_KEPT_SECONDS });
  private readonly waits = new RateLimiterMemory({ keyPrefix: 'sign-in-wait', points: 1, duration: 1 });

  constructor(private readonly settings: Pick<AttemptSettings, 'signInFreeFailures' | 'signInBackoffMaxSeconds'>) {}

  /** Refuses TOO_MANY_ATTEMPTS while `name` waits, with the seconds left. */
  async check(name: string): Promise<void> {
    const wait = await this.waits.get(keyOf(name));
    if (wait && wait.consumedPoints > 1 && wait.msBeforeNext > 0) {
      const retryAfterSeconds = seconds(wait.msBeforeNext);
      throw new Refusal('TOO_MANY_ATTEMPTS', `name: too many wrong passwords in a row; try again in ${retryAfterSeconds} s`, 'name', { retryAfterSeconds });
    }
  }

  async failed(name: string): Promise<void> {
    const { consumedPoints } = await this.failures.penalty(keyOf(name), 1);
    const over = consumedPoints - this.settings.signInFreeFailures;
    if (over > 0) await this.waits.block(keyOf(name), Math.min(this.settings.signInBackoffMaxSeconds, 2 ** Math.min(over - 1, 30)));
  }

  async succeeded(name: string): Promise<void> {
    await Promise.all([this.failures.delete(keyOf(name)), this.waits.delete(keyOf(name))]);
  }
}

/** Account names are one in any letter case. */
function keyOf(name: string): string {
  return name.toLowerCase();
}

/**
 * Registrations per client address: `registrationsPerHour` in any hour, so one address cannot mint
 * accounts (each with its own request budget) by the hundred. A registration refused for its input gives its
 * place back. Per process, like the sign-in back-off.
 */
export class RegistrationThrottle {
  private readonly limiter: RateLimiterMemory | null;

  constructor(private readonly settings: Pick<AttemptSettings, 'registrationsPerHour'>) {
    this.limiter = settings.registrationsPerHour > 0 ? new RateLimiterMemory({ keyPrefix: 'register', points: settings.registrationsPerHour, duration: 3600 }) : null;
  }

  /** Takes one registration for `address`, or refuses TOO_MANY_REGISTRATIONS; returns how to give it back. */
  async take(address: string | undefined): Promise<() => Promise<void>> {
    const limiter = this.limiter;
    if (!limiter) return async () => undefined;
    const key = address ?? 'unknown';
    try {
      await limiter.consume(key);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      const retryAfterSeconds = seconds(error.msBeforeNext);
      const limit = this.settings.registrationsPerHour;
      throw new Refusal('TOO_MANY_REGISTRATIONS', `this address registered ${limit} accounts within the hour, the most it may; try again in ${retryAfterSeconds} s`, undefined, { retryAfterSeconds });
    }
    return async () => void (await limiter.reward(key, 1));
  }
}
