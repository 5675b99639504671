/** Resolves to null instead of throwing or waiting longer than `ms`. */
export async function withTimeout<T>(p: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const to = new Promise<null>((r) => { timer = setTimeout(() => r(null), ms); timer.unref?.(); });
  try {
    return await Promise.race([p.catch(() => null), to]);
  } finally {
    if (timer) clearTimeout(timer);
  }
}

interface Task {
  query: boolean;
  user: string | null;
  /** Given the milliseconds left before `until`: the work should settle by then. */
  run: (leftMs: number) => Promise<unknown>;
  /** Past this time (performance.now()) nobody waits for the picture any more: it is not drawn. */
  until: number;
  done: (v: unknown) => void;
}

/**
 * One line of pictures for the whole process, in front of the renderer (issue 11 item 1: one player's flood
 * starved every other game's turn pictures behind the single render worker). Turn posts, start and end
 * pictures and history go first and are never refused; players' picture queries wait behind them, at most
 * `maxQueries` in all (drawing or waiting) and one per user, so a flood costs a refusal instead of memory.
 */
export class RenderQueue {
  private readonly posts: Task[] = [];
  private readonly queries: Task[] = [];
  private readonly users = new Set<string>();
  private running = 0;
  private queryCount = 0;
  readonly maxQueries: number;
  readonly concurrency: number;

  constructor(opts: { maxQueries?: number; concurrency?: number } = {}) {
    this.maxQueries = Math.max(1, opts.maxQueries ?? 8);
    this.concurrency = Math.max(1, opts.concurrency ?? 2);
  }

  /** Picture queries drawing or waiting. */
  get pendingQueries(): number {
    return this.queryCount;
  }

  /** Whether a query of `user` would be taken now: 'full', 'user' (one of theirs is pending) or null. */
  refusal(user: string): 'full' | 'user' | null {
    if (this.users.has(user)) return 'user';
    return this.queryCount >= this.maxQueries ? 'full' : null;
  }

  /** A picture that must not be shed; null when it is not drawn within `timeoutMs` (waiting included). */
  post<T>(work: (leftMs: number) => Promise<T>, timeoutMs: number): Promise<T | null> {
    return this.push(false, null, work, timeoutMs);
  }

  /**
   * A player's picture query, or null (nothing queued, `prepare` not called) when refused. `prepare` is called
   * only once the query is taken: it freezes what will be drawn, so refused queries never copy a state.
   */
  query<T>(user: string, prepare: () => (leftMs: number) => Promise<T>, timeoutMs: number): Promise<T | null> | null {
    if (this.refusal(user)) return null;
    return this.push(true, user, prepare(), timeoutMs);
  }

  private push<T>(query: boolean, user: string | null, run: (leftMs: number) => Promise<T>, timeoutMs: number): Promise<T | null> {
    return new Promise<T | null>((resolve) => {
      const task: Task = { query, user, run, until: performance.now() + timeoutMs, done: resolve as (v: unknown) => void };
      if (query) {
        this.queryCount++;
        if (user) this.users.add(user);
        this.queries.push(task);
      } else {
        this.posts.push(task);
      }
      this.pump();
    });
  }

  private pump(): void {
    while (this.running < this.concurrency) {
      const task = this.posts.shift() ?? this.queries.shift();
      if (!task) return;
      const left = task.until - performance.now();
      if (left <= 0) {
        this.finish(task, null);
        continue;
      }
      this.running++;
      // A stuck render frees its place shortly after the timeout (the work itself should settle by then with
      // what it has), so it never stops the line.
      void withTimeout(Promise.resolve().then(() => task.run(left)), left + 250).then((v) => {
        this.running--;
        this.finish(task, v);
        this.pump();
      });
    }
  }

  private finish(task: Task, v: unknown): void {
    if (task.query) {
      this.queryCount--;
      if (task.user) this.users.delete(task.user);
    }
    task.done(v);
  }
}

/**
 * Picture queries a user may make: a token bucket per user (burst, then one per refill period). The clock is
 * the service's, so tests and replays see the same limits.
 */
export class PictureRate {
  private readonly buckets = new Map<string, { tokens: number; at: number; full: number }>();

  /** Takes a token for `user`: null when taken, else the seconds until one is free again. */
  take(user: string, now: number, burst: number, refillMs: number): number | null {
    const b = this.buckets.get(user);
    const tokens = b ? Math.min(burst, b.tokens + (now - b.at) / refillMs) : burst;
    if (tokens >= 1) {
      this.buckets.set(user, { tokens: tokens - 1, at: now, full: now + (burst - tokens + 1) * refillMs });
      return null;
    }
    this.buckets.set(user, { tokens, at: now, full: now + (burst - tokens) * refillMs });
    return Math.max(1, Math.ceil(((1 - tokens) * refillMs) / 1000));
  }

  /** Users with a bucket remembered. */
  get size(): number {
    return this.buckets.size;
  }

  /** Forgets the buckets that are full again: a full bucket is the same as none, so memory stays small. */
  prune(now: number): void {
    for (const [user, b] of this.buckets) if (now >= b.full) this.buckets.delete(user);
  }
}
