// Password guessing is limited per account and per client address: after
// `perAccount` wrong passwords for one account (or `perAddress` from one
// address: an office behind one NAT shares it) within `windowMs`, every
// attempt (even the right password) is refused with 429 until the oldest
// failure leaves the window. Both sign-in paths (POST /api/v1/auth/token and the browser's
// next-auth sign-in) go through the same limiter. One process keeps its own
// counts, like the smartpage limiter. The limits are SIGN_IN_* (lib/config/sign-in.ts).
import { appConfig, type SignInLimit } from '../config';
import { tooManyRequests } from '../errors';

export type { SignInLimit };

export class SignInLimiter {
  /** Failure times per key, oldest first; at most the key's limit each. */
  private readonly failures = new Map<string, number[]>();

  constructor(
    readonly limit: SignInLimit,
    private readonly maxKeys = 50_000,
  ) {}

  /** Throws 429 with Retry-After when the account or the address is locked out. */
  assertAllowed(email: string, address: string, now = Date.now()): void {
    const waits = [this.waitFor(accountKey(email), this.limit.perAccount, now), this.waitFor(addressKey(address), this.limit.perAddress, now)];
    const waitMs = Math.max(...waits);
    if (waitMs <= 0) return;
    const seconds = Math.ceil(waitMs / 1000);
    const minutes = Math.ceil(seconds / 60);
    throw tooManyRequests(`Too many failed sign-in attempts; try again in ${minutes} minute${minutes === 1 ? '' : 's'}`, seconds);
  }

  /**
   * Counts an attempt as a failure before the password is checked, so that
   * many attempts sent at once cannot all pass the check; `succeeded` takes
   * it back when the password was right.
   */
  begin(email: string, address: string, now = Date.now()): { succeeded: () => void } {
    this.assertAllowed(email, address, now);
    for (const [key, max] of [
      [accountKey(email), this.limit.perAccount],
      [addressKey(address), this.limit.perAddress],
    ] as const) {
      const times = this.recent(key, now);
      times.push(now);
      if (times.length > max) times.shift();
      this.failures.delete(key); // re-insert: the Map stays in least-recently-used order
      this.failures.set(key, times);
    }
    while (this.failures.size > this.maxKeys) this.failures.delete(this.failures.keys().next().value!);
    return {
      succeeded: () => {
        // A right password clears the account's failures and takes this attempt off the address.
        this.failures.delete(accountKey(email));
        const times = this.failures.get(addressKey(address));
        const at = times?.lastIndexOf(now) ?? -1;
        if (times && at >= 0) times.splice(at, 1);
      },
    };
  }

  private recent(key: string, now: number): number[] {
    return (this.failures.get(key) ?? []).filter((at) => now - at < this.limit.windowMs);
  }

  private waitFor(key: string, max: number, now: number): number {
    const times = this.recent(key, now);
    if (times.length < max) return 0;
    return times[times.length - max] + this.limit.windowMs - now;
  }
}

const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;
const addressKey = (address: string) => `address:${address}`;

let shared: SignInLimiter | undefined;

/** The process's limiter; a new one (no failures counted) only when the configured limits change (tests). */
export function signInLimiter(): SignInLimiter {
  const limit = appConfig().signInLimit;
  if (!shared || !sameLimit(shared.limit, limit)) shared = new SignInLimiter(limit);
  return shared;
}

const sameLimit = (a: SignInLimit, b: SignInLimit) => a.perAccount === b.perAccount && a.perAddress === b.perAddress && a.windowMs === b.windowMs;
