/**
 * The map painter of the Europe games: the map the bot posts after each resolution (R3.5 step 10), as SVG built
 * here and PNG via sharp, with the platform's bundled CJK fonts so Chinese renders on a bare server. It reads
 * New European War's state, or another Europe game's view of its board with a look of its own (PaintState and
 * MapLook in types.ts; Europe Duel's is duel/draw.ts).
 */
import type { GameMap } from '../map/index.ts';
import type { PaintState as GameState } from './types.ts';
import { ensureFonts } from '../../../platform/render/fonts.ts';
import { renderMap, type MapRenderOptions, type MapRender } from './map.ts';
import { renderMapPngLayered } from './layered.ts';

export { ensureFonts, FONT_FAMILY, FONT_STACK, type FontSetup } from '../../../platform/render/fonts.ts';
export { renderMap, fillOf, findRegion, arrowsOf, type MapRenderOptions, type MapRender, type DroppedLabel, type Lang } from './map.ts';
export { mapGeometry, type MapGeo } from './geometry.ts';
export { svgToPng, pngPixels, encodePng } from '../../../platform/render/png.ts';
export { renderMapPngLayered } from './layered.ts';
export { FAIL, INK, landFill } from './colors.ts';
export { computerMark } from './legend.ts';
export type { PaintState, MapLook, LegendRow, LegendKey, LandState, SeaState, GameEvent } from './types.ts';
/** New European War's whole state (its score table reads more of it than the map does). */
export type { GameState } from '../../neuwar/engine/index.ts';

/** The map as SVG text (full map, or a region zoom with `opts.region`): the whole picture in one SVG. */
export function renderMapSvg(map: GameMap, state: GameState, opts: MapRenderOptions = {}): string {
  ensureFonts();
  return renderMap(map, state, opts).svg;
}

/**
 * The map as a PNG buffer, `opts.width × opts.height` when given. Shaped maps go through the layered path
 * (static pixels cached per view, only the state's own drawing rendered; see layered.ts): the same picture
 * as renderMapSvg's, several times faster once a view has been drawn.
 */
export async function renderMapPng(map: GameMap, state: GameState, opts: MapRenderOptions = {}): Promise<Buffer> {
  return (await renderMapPngLayered(map, state, opts)).png;
}

/**
 * PNG plus the label report (which labels were shrunk, moved to a leader line or listed as dropped).
 * `svg` is the whole picture as one SVG (built on first access: the PNG does not need it).
 */
export async function renderMapPngDetailed(map: GameMap, state: GameState, opts: MapRenderOptions = {}): Promise<MapRender & { png: Buffer }> {
  const { svg: _layer, ...r } = await renderMapPngLayered(map, state, opts);
  let svg: string | null = null;
  return Object.defineProperty({ ...r, svg: '' }, 'svg', {
    enumerable: true,
    get: () => (svg ??= renderMapSvg(map, state, opts)),
  });
}
