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

/** src/render behind the Renderer interface. */
export function defaultRenderer(): Renderer {
  return {
    async mapPng(map: GameMap, state: GameState, opts) {
      return (await load()).renderMapPng(map, state, opts);
    },
    async scoresPng(map: GameMap, state: GameState, opts) {
      return (await load()).renderScoreTablePng(map, state, opts);
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
