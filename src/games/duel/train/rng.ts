/**
 * The trainer's random numbers: mulberry32 (as src/games/europe/rng.ts) with its 32-bit state exposed, so a
 * checkpoint stores it and a resumed run draws exactly the numbers the uninterrupted run would have drawn.
 */
export class TrainRng {
  constructor(public state: number) { this.state = state >>> 0; }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = Math.imul(this.state ^ (this.state >>> 15), 1 | this.state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(lo: number, hi: number): number { return lo + Math.floor(this.next() * (hi - lo + 1)); }
  /** A standard normal (Box–Muller, one value per call). */
  normal(): number {
    const u = Math.max(this.next(), 1e-12);
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next());
  }
  shuffle<T>(a: T[]): T[] {
    for (let i = a.length - 1; i > 0; i--) { const j = Math.floor(this.next() * (i + 1)); [a[i], a[j]] = [a[j]!, a[i]!]; }
    return a;
  }
}

/** A per-game seed derived from the run's seed and the game's index (independent of workers and order). */
export function gameSeed(runSeed: number, stream: number, index: number): number {
  let h = (Math.imul(runSeed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(stream + 1, 0xc2b2ae35) ^ Math.imul(index + 1, 0x27d4eb2f)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x45d9f3b) >>> 0;
  h = (h ^ (h >>> 13)) >>> 0;
  return (h % 1_000_000_000) + 1;
}
