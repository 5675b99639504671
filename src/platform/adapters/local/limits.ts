/**
 * Limits at the local channel's door: token buckets for frames and new identities, and the per-address
 * backoff after wrong passwords. Time comes from the caller, so tests can move it.
 */

/** What one page or person may do; every figure can be set in `LocalServerOptions.limits`. */
export interface Limits {
  /** Frames one socket may send in a burst, and refilled per second. */
  socketBurst: number;
  socketPerSecond: number;
  /** The same for one person over all their sockets (tabs share a token). */
  userBurst: number;
  userPerSecond: number;
  /** New identities (a hello with an unknown token) one address may make per hour. */
  identitiesPerAddress: number;
  /** Identities held at once; when full, the longest-known one with no open socket makes room. */
  maxUsers: number;
  /** Wrong passwords an address may send before it is locked out. */
  freeFailures: number;
  /** The first lockout; each further failure doubles it, up to lockoutMaxMs. */
  lockoutMs: number;
  lockoutMaxMs: number;
  /** A socket still flooding after this many refusals in a row is closed. */
  closeAfterRefusals: number;
}

/**
 * Defaults: a person types a command every few seconds and a page sends a handful of frames when it
 * connects, so 40 at once and 10 a second never touch a real player; 200 identities an hour per address
 * leave room for a LAN party reconnecting after a restart (each tab is one), and for the 100-participant
 * load run on loopback.
 */
export const DEFAULT_LIMITS: Limits = {
  socketBurst: 40,
  socketPerSecond: 10,
  userBurst: 60,
  userPerSecond: 15,
  identitiesPerAddress: 200,
  maxUsers: 5000,
  freeFailures: 3,
  lockoutMs: 30_000,
  lockoutMaxMs: 3_600_000,
  closeAfterRefusals: 1000,
};

/** Token buckets by key. Idle keys are forgotten oldest first once there are more than `maxKeys`. */
export class Buckets {
  private buckets = new Map<string, { tokens: number; at: number }>();

  constructor(private capacity: number, private perSecond: number, private maxKeys = 20_000) {}

  /** Takes one token: 0 when there was one, else the milliseconds until there will be. */
  take(key: string, now: number): number {
    let b = this.buckets.get(key);
    if (b) {
      b.tokens = Math.min(this.capacity, b.tokens + Math.max(0, now - b.at) * this.perSecond / 1000);
      b.at = now;
      // Most recently used last, so the oldest idle keys are the ones dropped.
      this.buckets.delete(key);
    } else {
      b = { tokens: this.capacity, at: now };
      if (this.buckets.size >= this.maxKeys) this.buckets.delete(this.buckets.keys().next().value!);
    }
    this.buckets.set(key, b);
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - b.tokens) * 1000 / this.perSecond));
  }

  delete(key: string): void {
    this.buckets.delete(key);
  }
}

/** Wrong passwords by address: free failures, then a lockout that doubles with each further failure. */
export class PasswordGuard {
  private byAddress = new Map<string, { failures: number; lockedUntil: number; last: number }>();

  constructor(private limits: Pick<Limits, 'freeFailures' | 'lockoutMs' | 'lockoutMaxMs'>) {}

  /** Milliseconds the address must still wait (0: it may try). */
  wait(address: string, now: number): number {
    const e = this.byAddress.get(address);
    return e ? Math.max(0, e.lockedUntil - now) : 0;
  }

  /** Records a wrong password; returns the failures in a row and the lockout it starts (0: none yet). */
  fail(address: string, now: number): { failures: number; lockMs: number } {
    this.forgetOld(now);
    const e = this.byAddress.get(address) ?? { failures: 0, lockedUntil: 0, last: now };
    e.failures += 1;
    e.last = now;
    const over = e.failures - this.limits.freeFailures;
    const lockMs = over >= 0 ? Math.min(this.limits.lockoutMaxMs, this.limits.lockoutMs * 2 ** over) : 0;
    if (lockMs) e.lockedUntil = now + lockMs;
    this.byAddress.set(address, e);
    return { failures: e.failures, lockMs };
  }

  succeed(address: string): void {
    this.byAddress.delete(address);
  }

  /** An address quiet for a day starts again from nothing (and the table stays small). */
  private forgetOld(now: number): void {
    if (this.byAddress.size < 1000) return;
    for (const [a, e] of this.byAddress) if (now - e.last > 86_400_000 && e.lockedUntil < now) this.byAddress.delete(a);
  }
}

/** Seconds for a message, at least 1. */
export const secondsOf = (ms: number): number => Math.max(1, Math.ceil(ms / 1000));
