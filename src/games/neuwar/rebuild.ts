/** The platform's rebuild from the log, for a New European War game on a given map (tools and tests). */
import type { Store, StoredEntry } from '../../platform/store/index.ts';
import { foldEntries as fold, rebuildGame as rebuild } from '../../platform/session/index.ts';
import type { StepResult } from '../../platform/session/index.ts';
import type { GameMap } from '../europe/map/index.ts';
import type { Game } from './engine/index.ts';
import { NeuwarRules } from './module.ts';

export function foldEntries(map: GameMap, game: Game | null, entries: StoredEntry[], onStep?: (e: StoredEntry, step: StepResult) => void): Game | null {
  return fold(new NeuwarRules(map), game, entries, onStep);
}

export function rebuildGame(store: Store, gameId: number, map: GameMap, useSnapshot = true): { game: Game | null; seq: number } {
  return rebuild(store, gameId, new NeuwarRules(map), useSnapshot);
}

export function gameFromSnapshot(map: GameMap, json: string): Game {
  return new NeuwarRules(map).restore(json);
}
