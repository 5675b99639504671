/**
 * The turn clock's time source. Live games use `RealClock`; tests use `VirtualClock`, whose time moves only
 * by `advance`, firing due timers in time order (ties in the order they were set).
 */
export type TimerId = number;

export interface Clock {
  /** Current time, ms since the epoch (virtual: whatever the test set). */
  now(): number;
  /** Calls `fn` once at absolute time `at` (at once, asynchronously, if `at` has passed). */
  at(at: number, fn: () => void): TimerId;
  cancel(id: TimerId): void;
  /** Calls `fn` periodically (real clock: node-cron expression; virtual: every `everyMs`). Returns a stopper. */
  every(everyMs: number, fn: () => void): () => void;
  /** Stops every timer (shutdown). */
  stop(): void;
}

/** The longest delay setTimeout takes (about 24.8 days); longer waits are chained. */
const MAX_DELAY = 2 ** 31 - 1;

export class RealClock implements Clock {
  private timers = new Map<TimerId, NodeJS.Timeout>();
  private stoppers = new Set<() => void>();
  private next = 1;

  now(): number {
    return Date.now();
  }

  at(at: number, fn: () => void): TimerId {
    const id = this.next++;
    const arm = () => {
      const wait = Math.max(0, at - Date.now());
      const t = setTimeout(() => {
        if (Date.now() < at) return arm();
        this.timers.delete(id);
        fn();
      }, Math.min(wait, MAX_DELAY));
      t.unref?.();
      this.timers.set(id, t);
    };
    arm();
    return id;
  }

  cancel(id: TimerId): void {
    const t = this.timers.get(id);
    if (t) clearTimeout(t);
    this.timers.delete(id);
  }

  every(everyMs: number, fn: () => void): () => void {
    // node-cron for sweeps on whole minutes; a plain interval for shorter periods.
    let stop: () => void;
    if (everyMs >= 60_000 && everyMs % 60_000 === 0) {
      const minutes = everyMs / 60_000;
      let task: { stop: () => unknown } | null = null;
      let cancelled = false;
      void import('node-cron').then((m) => {
        if (cancelled) return;
        const cron = (m as unknown as { default?: { schedule: typeof m.schedule } }).default ?? m;
        task = cron.schedule(minutes === 1 ? '* * * * *' : `*/${minutes} * * * *`, fn);
      }).catch(() => {
        const h = setInterval(fn, everyMs);
        h.unref?.();
        task = { stop: () => clearInterval(h) };
      });
      stop = () => { cancelled = true; task?.stop(); };
    } else {
      const h = setInterval(fn, everyMs);
      h.unref?.();
      stop = () => clearInterval(h);
    }
    this.stoppers.add(stop);
    return () => { stop(); this.stoppers.delete(stop); };
  }

  stop(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    for (const s of this.stoppers) s();
    this.stoppers.clear();
  }
}

interface VTimer { id: TimerId; at: number; fn: () => void; every?: number }

/** A clock for tests: time stands still until `advance`/`set`. */
export class VirtualClock implements Clock {
  private t: number;
  private timers: VTimer[] = [];
  private next = 1;

  constructor(start = 1_700_000_000_000) {
    this.t = start;
  }

  now(): number {
    return this.t;
  }

  at(at: number, fn: () => void): TimerId {
    const id = this.next++;
    this.timers.push({ id, at, fn });
    return id;
  }

  cancel(id: TimerId): void {
    this.timers = this.timers.filter((x) => x.id !== id);
  }

  every(everyMs: number, fn: () => void): () => void {
    const id = this.next++;
    this.timers.push({ id, at: this.t + everyMs, fn, every: everyMs });
    return () => this.cancel(id);
  }

  stop(): void {
    this.timers = [];
  }

  /** Timers still waiting, earliest first (for tests). */
  pending(): { id: TimerId; at: number }[] {
    return [...this.timers].sort((a, b) => a.at - b.at || a.id - b.id).map(({ id, at }) => ({ id, at }));
  }

  /**
   * Moves time forward by `ms`, firing every timer due on the way at its own time, in order. A timer set by a
   * firing timer fires too if it falls inside the window. Awaits `settle` after each firing so async
   * handlers (the service's tick handling) finish before the next one.
   */
  async advance(ms: number, settle: () => Promise<void> = flush): Promise<void> {
    await this.advanceTo(this.t + ms, settle);
  }

  async advanceTo(target: number, settle: () => Promise<void> = flush): Promise<void> {
    for (let guard = 0; guard < 100_000; guard++) {
      const due = this.timers.filter((x) => x.at <= target).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due) break;
      this.t = Math.max(this.t, due.at);
      if (due.every) due.at += due.every;
      else this.timers = this.timers.filter((x) => x !== due);
      due.fn();
      await settle();
    }
    this.t = Math.max(this.t, target);
    await settle();
  }
}

/** Lets pending promise chains run (a few macrotask turns). */
export async function flush(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise<void>((r) => setImmediate(r));
}
