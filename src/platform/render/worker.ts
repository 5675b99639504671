import { parentPort } from 'node:worker_threads';
import { buildMap, type GameMap } from '../../games/europe/map/index.ts';
import type { GameState } from '../../games/neuwar/engine/index.ts';
import { renderMapPng, renderScoreTablePng } from '../../games/europe/paint/index.ts';

/** A request from the main thread; `mapFile` comes only the first time this worker sees the map. */
export interface RenderRequest {
  id: number;
  kind: 'map' | 'scores';
  mapKey: string;
  mapFile?: unknown;
  state: GameState;
  opts: { region?: string; lang?: 'zh' | 'en' };
}
export type RenderReply = { id: number; png: Uint8Array } | { id: number; error: string };

const maps = new Map<string, GameMap>();

parentPort?.on('message', async (req: RenderRequest) => {
  try {
    if (req.mapFile !== undefined) maps.set(req.mapKey, buildMap(req.mapFile, req.mapKey));
    const map = maps.get(req.mapKey);
    if (!map) throw new Error(`map ${req.mapKey} was never sent to this worker`);
    const png = req.kind === 'map' ? await renderMapPng(map, req.state, req.opts) : await renderScoreTablePng(map, req.state, req.opts);
    parentPort!.postMessage({ id: req.id, png } satisfies RenderReply);
  } catch (e) {
    parentPort!.postMessage({ id: req.id, error: (e as Error)?.message ?? String(e) } satisfies RenderReply);
  }
});
