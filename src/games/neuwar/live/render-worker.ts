import { RenderWorker as Worker } from '../../../platform/render/pool.ts';
import type { GameMap } from '../../europe/map/index.ts';
import type { GameState } from '../engine/index.ts';

type Opts = { region?: string; lang?: 'zh' | 'en' };

/** The map and the score table drawn in the platform's render worker, with this game's painter. */
export class RenderWorker {
  private readonly w = new Worker(new URL('./painter.ts', import.meta.url));

  mapPng(map: GameMap, state: GameState, opts: Opts = {}): Promise<Buffer> {
    return this.w.render('map', map, map.id, () => map.file, state, opts);
  }

  scoresPng(map: GameMap, state: GameState, opts: Opts = {}): Promise<Buffer> {
    return this.w.render('scores', map, map.id, () => map.file, state, opts);
  }

  close(): Promise<void> {
    return this.w.close();
  }
}
