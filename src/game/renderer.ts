import type { GameMap } from '../map/index.ts';
import type { GameState, Lang } from '../engine/index.ts';
import type { Renderer } from './types.ts';

type RenderModule = {
  renderMapPng(map: GameMap, state: unknown, opts: { region?: string; lang?: Lang }): Promise<Buffer>;
  renderScoreTablePng(map: GameMap, state: unknown, opts?: { lang?: Lang }): Promise<Buffer>;
};

let mod: Promise<RenderModule> | null = null;
function load(): Promise<RenderModule> {
  // Loaded lazily so a broken or missing renderer costs pictures, never command handling.
  mod ??= import('../render/index.ts' as string) as Promise<RenderModule>;
  return mod;
}

type WorkerModule = { RenderWorker: new () => { mapPng: RenderModule['renderMapPng']; scoresPng: RenderModule['renderScoreTablePng'] } };

/** src/render in this thread, behind the Renderer interface. */
export function inProcessRenderer(): Renderer {
  return {
    async mapPng(map: GameMap, state: GameState, opts) {
      return (await load()).renderMapPng(map, state, opts);
    },
    async scoresPng(map: GameMap, state: GameState, opts) {
      return (await load()).renderScoreTablePng(map, state, opts);
    },
  };
}

/**
 * The renderer of a real process: src/render in a worker thread, so a render never holds up command handling;
 * if the worker cannot do it, this thread renders. RENDER_WORKER=0 renders in this thread only.
 */
export function defaultRenderer(): Renderer {
  const local = inProcessRenderer();
  if (process.env.RENDER_WORKER === '0') return local;
  let worker: Promise<InstanceType<WorkerModule['RenderWorker']>> | null = null;
  const get = () => (worker ??= (load() as unknown as Promise<WorkerModule>).then((m) => new m.RenderWorker()));
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

/** Resolves to null instead of throwing or waiting longer than `ms`. */
export async function withTimeout<T>(p: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const to = new Promise<null>((r) => { timer = setTimeout(() => r(null), ms); timer.unref?.(); });
  try {
    return await Promise.race([p.catch(() => null), to]);
  } finally {
    if (timer) clearTimeout(timer);
  }
}
