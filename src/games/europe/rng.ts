/**
 * A small seeded PRNG (mulberry32) for the simulator, the fuzzers, the benchmarks and Europe Duel's setup (duel.md
 * D1.4). The engines stay pure: randomness lives only here, drawn from a seed kept in the log, and the same seed
 * always gives the same game.
 */
export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [lo, hi] (inclusive). */
  int(lo: number, hi: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  pick<T>(a: readonly T[]): T;
  /** A shuffled copy. */
  shuffle<T>(a: readonly T[]): T[];
  /** An element chosen with the given weights (all ≥ 0; at least one > 0). */
  weighted<T>(items: readonly T[], weight: (x: T) => number): T;
}

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function makeRng(seed: number): Rng {
  const next = mulberry32(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick: (a) => {
      if (a.length === 0) throw new Error('pick from an empty list');
      return a[Math.floor(next() * a.length)]!;
    },
    shuffle: (a) => {
      const out = [...a];
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [out[i], out[j]] = [out[j]!, out[i]!];
      }
      return out;
    },
    weighted: (items, weight) => {
      const ws = items.map(weight);
      const total = ws.reduce((x, y) => x + y, 0);
      if (!(total > 0)) return items[Math.floor(next() * items.length)]!;
      let r = next() * total;
      for (let i = 0; i < items.length; i++) {
        r -= ws[i]!;
        if (r < 0) return items[i]!;
      }
      return items[items.length - 1]!;
    },
  };
}
