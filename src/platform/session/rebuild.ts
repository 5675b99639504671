import type { GameMap } from '../../games/europe/map/index.ts';
import { applyEntry, newGame, type Game, type GameState, type LogEntry, type Settings, type Step } from '../../games/neuwar/engine/index.ts';
import type { Store, StoredEntry } from '../store/index.ts';

/**
 * Entries of the stored log that are not engine input: the start of the game (what newGame needs, so the log
 * alone rebuilds the game) and lifecycle notes (judge added, player replaced, game archived).
 */
export type StartEntry = { type: 'start'; at: number; players: string[]; settings: Settings; mapId: string };
export type MetaEntry = { type: 'meta'; at: number; action: string; by: string; detail?: Record<string, unknown> };
export type StoredLogEntry = LogEntry | StartEntry | MetaEntry;

export const isEngineEntry = (e: StoredLogEntry): e is LogEntry => e.type === 'command' || e.type === 'refused' || e.type === 'tick';

/** A snapshot: everything of the engine Game but the map. */
export function snapshotOf(g: Game): string {
  return JSON.stringify({ state: g.state, undo: g.undo, turnStart: g.turnStart });
}

export function gameFromSnapshot(map: GameMap, json: string): Game {
  const o = JSON.parse(json) as { state: GameState; undo: string | null; turnStart: string };
  return { map, state: o.state, undo: o.undo, turnStart: o.turnStart };
}

/** Folds stored entries into a game (null until the start entry). */
export function foldEntries(map: GameMap, game: Game | null, entries: StoredEntry[], onStep?: (e: StoredEntry, step: Step) => void): Game | null {
  let g = game;
  for (const se of entries) {
    const e = se.entry as StoredLogEntry;
    if (e.type === 'start') {
      g = newGame(map, { players: e.players, settings: e.settings, at: e.at });
      continue;
    }
    if (!g || !isEngineEntry(e)) continue;
    const step = applyEntry(g, e);
    onStep?.(se, step);
  }
  return g;
}

/** Rebuilds a game from its latest snapshot and the entries after it, or (useSnapshot false) from the log alone. */
export function rebuildGame(store: Store, gameId: number, map: GameMap, useSnapshot = true): { game: Game | null; seq: number } {
  const snap = useSnapshot ? store.latestSnapshot(gameId) : null;
  const base = snap ? gameFromSnapshot(map, snap.game) : null;
  const entries = store.entries(gameId, snap?.seq ?? 0);
  const game = foldEntries(map, base, entries);
  return { game, seq: entries.length ? entries[entries.length - 1]!.seq : snap?.seq ?? 0 };
}
