/** New European War's painter for the platform's render worker (src/platform/render/worker.ts): the map and the score table. */
import { buildMap, type GameMap } from '../../europe/map/index.ts';
import { renderMapPng } from '../../europe/paint/index.ts';
import { renderScoreTablePng } from '../pictures/index.ts';
import type { GameState } from '../engine/index.ts';

export function prepare(mapFile: unknown, key: string): GameMap {
  return buildMap(mapFile, key);
}

export function paint(kind: string, map: GameMap, state: GameState, opts: { region?: string; lang?: 'zh' | 'en' }): Promise<Buffer> {
  return kind === 'map' ? renderMapPng(map, state, opts) : renderScoreTablePng(map, state, opts);
}
