/**
 * The seeded PRNG of a 国战 game: mulberry32 (the same generator as src/games/europe/rng.ts) with its state kept
 * in the game's JSON (`state.rng`), so every shuffle (G2.2, G2.6, G20.1, G21.8) is part of the log's replay and a
 * snapshot restored mid-game shuffles on exactly as before.
 */
export interface RngHolder { rng: number }

/** A float in [0, 1); advances the holder's state. */
export function next(h: RngHolder): number {
  h.rng = (h.rng + 0x6d2b79f5) | 0;
  let t = Math.imul(h.rng ^ (h.rng >>> 15), 1 | h.rng);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/** A shuffled copy (Fisher–Yates from the end). */
export function shuffle<T>(h: RngHolder, a: readonly T[]): T[] {
  const out = [...a];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next(h) * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

export function seedState(seed: number): number { return seed | 0; }
