/**
 * render/: the pictures the bot posts after each resolution (R3.5 step 10) — the map and the score table —
 * as SVG built here and PNG via sharp, with bundled CJK fonts so Chinese renders on a bare server.
 */
import type { GameMap } from '../map/index.ts';
import type { GameState } from './types.ts';
import { ensureFonts } from './fonts.ts';
import { renderMap, type MapRenderOptions, type MapRender } from './map.ts';
import { svgToPng } from './png.ts';

export { ensureFonts, FONT_FAMILY, FONT_STACK, type FontSetup } from './fonts.ts';
export { renderMap, fillOf, findRegion, arrowsOf, type MapRenderOptions, type MapRender, type DroppedLabel, type Lang } from './map.ts';
export { mapGeometry, type MapGeo } from './geometry.ts';
export { computeIncome, scoreRows, renderScoreTableSvg, renderScoreTablePng, type Income, type ScoreRow, type ScoreTableOptions } from './score.ts';
export { renderCli } from './cli.ts';
export { svgToPng, pngPixels } from './png.ts';
export { demoState, initialState, syntheticMap } from './demo.ts';

/** The map as SVG text (full map, or a region zoom with `opts.region`). */
export function renderMapSvg(map: GameMap, state: GameState, opts: MapRenderOptions = {}): string {
  ensureFonts();
  return renderMap(map, state, opts).svg;
}

/** The map as a PNG buffer, `opts.width × opts.height` when given. */
export async function renderMapPng(map: GameMap, state: GameState, opts: MapRenderOptions = {}): Promise<Buffer> {
  ensureFonts();
  return svgToPng(renderMap(map, state, opts).svg);
}

/** PNG plus the label report (which labels were shrunk, moved to a leader line or listed as dropped). */
export async function renderMapPngDetailed(map: GameMap, state: GameState, opts: MapRenderOptions = {}): Promise<MapRender & { png: Buffer }> {
  ensureFonts();
  const r = renderMap(map, state, opts);
  return { ...r, png: await svgToPng(r.svg) };
}
