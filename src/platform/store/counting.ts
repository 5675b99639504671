/**
 * A GameStore that counts the calls made of it, by method, and passes each on unchanged: how tests prove that a
 * command asks the store less (docs/scale.md: a PostgreSQL call is a round trip to the server), and how the scale
 * bench prints store calls per command. Not for production: it only adds a counter.
 */
import type { Batch, GameStore } from './types.ts';

export interface StoreCounts {
  /** Calls by method name since the last reset. */
  readonly calls: Map<string, number>;
  /** Batches committed since the last reset, as given (to check what a commit wrote, e.g. whether it carried timers). */
  readonly batches: Batch[];
  /** Calls of one method (0 when never called). */
  of(method: string): number;
  /** Every call, all methods together. */
  total(): number;
  reset(): void;
}

/** `store` with every method call counted in the returned `counts` (properties such as leaseMs pass through). */
export function countingStore<S extends GameStore>(store: S, keepBatches = false): { store: S; counts: StoreCounts } {
  const calls = new Map<string, number>();
  const batches: Batch[] = [];
  const counts: StoreCounts = {
    calls, batches,
    of: (m) => calls.get(m) ?? 0,
    total: () => [...calls.values()].reduce((a, b) => a + b, 0),
    reset: () => { calls.clear(); batches.length = 0; },
  };
  const wrapped = new Proxy(store, {
    get(target, prop, receiver) {
      const v = Reflect.get(target, prop, receiver) as unknown;
      if (typeof v !== 'function' || typeof prop !== 'string' || prop === 'constructor') return v;
      return (...args: unknown[]) => {
        calls.set(prop, (calls.get(prop) ?? 0) + 1);
        if (prop === 'commit' && keepBatches) batches.push(args[0] as Batch);
        return (v as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
    set(target, prop, value) {
      return Reflect.set(target, prop, value);
    },
  });
  return { store: wrapped, counts };
}
