import type { Clock } from './clock';
import { RateWindow } from './rate-window';

/**
 * The numbers of login throttling (docs/security.md, "Login throttling", says why these).
 * Keys are a username (lower-cased) and a client address.
 */
export type LoginThrottlePolicy = {
  /** Failures of a username from one address before that address waits between its attempts. */
  freeFailures: number;
  /** The first wait; each further failure doubles it, up to `maxBackoffMs`. */
  firstBackoffMs: number;
  maxBackoffMs: number;
  /** How long failures are remembered (a pair: after its last attempt; the counters: fixed windows). */
  windowMs: number;
  /** Failures of a username from all addresses before each attempt on it is held a little… */
  usernameSlowdownAfter: number;
  /** …this much per failure past that, up to `usernameSlowdownMaxMs`. */
  usernameSlowdownStepMs: number;
  usernameSlowdownMaxMs: number;
  /** Failures from one address across usernames before its failed answers are held… */
  addressCeiling: number;
  /** …this much per failure past that, up to `addressDelayMaxMs`. */
  addressDelayStepMs: number;
  addressDelayMaxMs: number;
  /** Keys each table keeps at most; past it the oldest are forgotten. */
  maxKeys: number;
};

export const LOGIN_THROTTLE: LoginThrottlePolicy = {
  freeFailures: 3,
  firstBackoffMs: 1_000,
  maxBackoffMs: 60_000,
  windowMs: 15 * 60_000,
  usernameSlowdownAfter: 10,
  usernameSlowdownStepMs: 200,
  usernameSlowdownMaxMs: 3_000,
  addressCeiling: 20,
  addressDelayStepMs: 500,
  addressDelayMaxMs: 10_000,
  maxKeys: 100_000,
};

type Pair = { failures: number; nextAttemptAt: number; lastAttemptAt: number };

/**
 * Slows password guessing without locking anyone out. Only the address that fails waits before its next
 * attempt on that username (a backoff per username and address); the username's owner elsewhere never does.
 * Failures across addresses or usernames only hold answers back a little. In memory: one process serves a
 * team; several processes would move this to Redis.
 */
export class LoginThrottle {
  private readonly pairs = new Map<string, Pair>();
  private readonly byUsername: RateWindow;
  private readonly byAddress: RateWindow;

  constructor(
    private readonly clock: Clock,
    private readonly policy: LoginThrottlePolicy = LOGIN_THROTTLE,
  ) {
    const now = () => clock.now();
    this.byUsername = new RateWindow(policy.windowMs, now, policy.maxKeys);
    this.byAddress = new RateWindow(policy.windowMs, now, policy.maxKeys);
  }

  /**
   * Milliseconds `address` must still wait before trying `username` again, or 0: the attempt may go on,
   * and counts as a failure until `succeeded` (so parallel attempts cannot slip past the backoff).
   */
  admit(username: string, address: string): number {
    const now = this.clock.now();
    const key = pairKey(username, address);
    const pair = this.current(key, now) ?? { failures: 0, nextAttemptAt: now, lastAttemptAt: now };
    if (pair.nextAttemptAt > now) return pair.nextAttemptAt - now;
    pair.failures += 1;
    pair.nextAttemptAt = now + this.backoffMs(pair.failures);
    pair.lastAttemptAt = now;
    this.remember(key, pair);
    return 0;
  }

  /** Holds an admitted attempt on a username that is failing from many addresses (never refuses it). */
  async slowDown(username: string): Promise<void> {
    const { usernameSlowdownAfter, usernameSlowdownStepMs, usernameSlowdownMaxMs } = this.policy;
    const excess = this.byUsername.hits(username) - usernameSlowdownAfter;
    if (excess > 0) await this.clock.sleep(Math.min(excess * usernameSlowdownStepMs, usernameSlowdownMaxMs));
  }

  /** A wrong password: the backoff runs from now; the answer is held when the address is past its ceiling. */
  async failed(username: string, address: string): Promise<void> {
    const now = this.clock.now();
    const key = pairKey(username, address);
    const pair = this.current(key, now);
    if (pair) {
      pair.nextAttemptAt = now + this.backoffMs(pair.failures);
      pair.lastAttemptAt = now;
      this.remember(key, pair);
    }
    this.byUsername.hit(username);
    this.byAddress.hit(address);
    const { addressCeiling, addressDelayStepMs, addressDelayMaxMs } = this.policy;
    const excess = this.byAddress.hits(address) - addressCeiling;
    if (excess > 0) await this.clock.sleep(Math.min(excess * addressDelayStepMs, addressDelayMaxMs));
  }

  /** The right password: this address starts over with this username. */
  succeeded(username: string, address: string): void {
    this.pairs.delete(pairKey(username, address));
  }

  /** No wait for the first free failures, then the first backoff doubling per failure, up to the cap. */
  private backoffMs(failures: number): number {
    const { freeFailures, firstBackoffMs, maxBackoffMs } = this.policy;
    if (failures <= freeFailures) return 0;
    return Math.min(firstBackoffMs * 2 ** Math.min(failures - freeFailures - 1, 30), maxBackoffMs);
  }

  private current(key: string, now: number): Pair | undefined {
    const pair = this.pairs.get(key);
    if (!pair || now - pair.lastAttemptAt < this.policy.windowMs) return pair;
    this.pairs.delete(key);
    return undefined;
  }

  /** Keeps the map in last-attempt order, so the oldest pairs go first when a spray fills it. */
  private remember(key: string, pair: Pair): void {
    this.pairs.delete(key);
    this.pairs.set(key, pair);
    if (this.pairs.size <= this.policy.maxKeys) return;
    // Down to 90%, so a spray pays this walk once per many new pairs, not on every one.
    const target = Math.floor(this.policy.maxKeys * 0.9);
    for (const oldest of this.pairs.keys()) {
      if (this.pairs.size <= target) break;
      this.pairs.delete(oldest);
    }
  }
}

/** A separator no username or address contains. */
const pairKey = (username: string, address: string) => `${username}\u0000${address}`;
