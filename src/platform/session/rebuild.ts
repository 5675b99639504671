import type { GameStore, Store, StoredEntry } from '../store/index.ts';
import type { Entry, Rules, StepResult } from './module.ts';

/** Lifecycle notes in a game's log (judge added, player replaced, game archived): kept, never folded into the game. */
export type MetaEntry = { type: 'meta'; at: number; action: string; by: string; detail?: Record<string, unknown> };

/** Folds stored entries into a game (null until the start entry). */
export function foldEntries<G>(rules: Rules<G>, game: G | null, entries: StoredEntry[], onStep?: (e: StoredEntry, step: StepResult) => void): G | null {
  let g = game;
  for (const se of entries) {
    const r = rules.apply(g, se.entry as Entry);
    g = r.game;
    if (r.step) onStep?.(se, r.step);
  }
  return g;
}

/** Rebuilds a game from its latest snapshot and the entries after it, or (useSnapshot false) from the log alone. */
export function rebuildGame<G>(store: Store, gameId: number, rules: Rules<G>, useSnapshot = true): { game: G | null; seq: number } {
  const snap = useSnapshot ? store.latestSnapshot(gameId) : null;
  const base = snap ? rules.restore(snap.game) : null;
  const entries = store.entries(gameId, snap?.seq ?? 0);
  const game = foldEntries(rules, base, entries);
  return { game, seq: entries.length ? entries[entries.length - 1]!.seq : snap?.seq ?? 0 };
}

/** rebuildGame on the asynchronous store (GameStore: SQLite or PostgreSQL), as the live service reads it. */
export async function loadGame<G>(store: GameStore, gameId: number, rules: Rules<G>, useSnapshot = true): Promise<{ game: G | null; seq: number }> {
  const snap = useSnapshot ? await store.latestSnapshot(gameId) : null;
  const base = snap ? rules.restore(snap.game) : null;
  const entries = await store.entries(gameId, snap?.seq ?? 0);
  const game = foldEntries(rules, base, entries);
  return { game, seq: entries.length ? entries[entries.length - 1]!.seq : snap?.seq ?? 0 };
}
