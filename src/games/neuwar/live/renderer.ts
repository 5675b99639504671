import type { GameMap } from '../../europe/map/index.ts';
import type { GameState, Lang } from '../engine/index.ts';
import type { NeuwarRenderer as Renderer } from '../module.ts';

type RenderModule = {
  renderMapPng(map: GameMap, state: GameState, opts: { region?: string; lang?: Lang }): Promise<Buffer>;
  renderScoreTablePng(map: GameMap, state: GameState, opts?: { lang?: Lang }): Promise<Buffer>;
};

let mod: Promise<RenderModule> | null = null;
function load(): Promise<RenderModule> {
  // Loaded lazily so a broken or missing renderer costs pictures, never command handling.
  mod ??= Promise.all([import('../../europe/paint/index.ts'), import('../pictures/index.ts')])
    .then(([paint, score]) => ({ renderMapPng: paint.renderMapPng, renderScoreTablePng: score.renderScoreTablePng }));
  return mod;
}

/** The map painter and the score table in this thread, behind the Renderer interface. */
export function inProcessRenderer(): Renderer {
  return {
    async mapPng(map, state, opts) {
      return (await load()).renderMapPng(map, state, opts);
    },
    async scoresPng(map, state, opts) {
      return (await load()).renderScoreTablePng(map, state, opts);
    },
  };
}

/**
 * The renderer of a real process: the pictures are drawn in the platform's render worker, so a render never
 * holds up command handling; if the worker cannot do it, this thread renders. RENDER_WORKER=0 renders in
 * this thread only.
 */
export function defaultRenderer(): Renderer {
  const local = inProcessRenderer();
  if (process.env.RENDER_WORKER === '0') return local;
  let worker: Promise<import('./render-worker.ts').RenderWorker> | null = null;
  const get = () => (worker ??= import('./render-worker.ts').then((m) => new m.RenderWorker()));
  return {
    async mapPng(map, state, opts) {
      try {
        return await (await get()).mapPng(map, state, opts);
      } catch {
        return local.mapPng(map, state, opts);
      }
    },
    async scoresPng(map, state, opts) {
      try {
        return await (await get()).scoresPng(map, state, opts);
      } catch {
        return local.scoresPng(map, state, opts);
      }
    },
  };
}
