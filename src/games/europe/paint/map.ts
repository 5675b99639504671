/**
 * The map picture: owner fills, borders, coast, counts, capitals/cities, arsenals, straits, last turn's
 * arrows and captures, legend and title. Two drawings of the same content: the real map (territories have
 * shapes; shaped.ts) and a schematic (positions only: boxes, ellipses and lines; schematic.ts), chosen by
 * the map file. This file resolves the options and gives each render its own drawing context (ink.ts).
 */
import type { GameMap } from '../map/index.ts';
import type { GameState } from './types.ts';
import { mapGeometry } from './geometry.ts';
import type { Rect } from './labels.ts';
import { drawContext, type Stamp } from './ink.ts';
import { shapedFrame, type ShapedFrame } from './layers.ts';
import { renderShaped } from './shaped.ts';
import { renderSchematic } from './schematic.ts';
import type { Lang } from './texts.ts';

export type { Rect } from './labels.ts';
export type { Lang } from './texts.ts';
export { fillOf } from './owners.ts';
export { arrowsOf } from './arrows.ts';

export interface MapRenderOptions {
  /** Region id or name (any language or alias): crop to its bbox at 2× detail. */
  region?: string;
  lang?: Lang;
  /** Output size in pixels; defaults follow the map (full map: its size; region: 2× the bbox). */
  width?: number;
  height?: number;
}

export interface DroppedLabel {
  id: string;
  name: string;
  /** The army count that could not be written on the map (listed in the legend instead), or null. */
  armies: number | null;
  /** Where to look instead: the region whose zoom shows it, if any. */
  region: string | null;
}

export interface MapRender {
  svg: string;
  width: number;
  height: number;
  /** How each territory's label ended up: full, small, compact, leader (line to a free spot) or dropped. */
  labels: { id: string; mode: 'full' | 'small' | 'compact' | 'leader' | 'dropped'; box?: Rect }[];
  /** Labels that did not fit; each is also written into the legend's "see region zoom" note. */
  dropped: DroppedLabel[];
  /** Arrow count labels left out for lack of room (the arrows themselves are always drawn). */
  droppedArrowLabels: number;
  region: string | null;
}

/** A region of the map file (a zoom target). */
export type Region = GameMap['regions'][number];

/** Resolves a region by id, name or alias (as players type it). */
export function findRegion(map: GameMap, q: string): Region | null {
  const byId = map.regions.find((r) => r.id === q);
  if (byId) return byId;
  const norm = q.normalize('NFKC').toLowerCase().replace(/[\s\u3000·・.'’_-]+/g, '');
  const id = map.regionByName.get(norm);
  return id ? map.regions.find((r) => r.id === id) ?? null : null;
}

/** Renders the map (full or a region zoom) to an SVG string plus the label report. */
export function renderMap(map: GameMap, state: GameState, opts: MapRenderOptions = {}): MapRender {
  return render(map, state, opts, 'full');
}

/**
 * For the layered PNG path: a shaped map's dynamic layer only (see renderShaped's `layer`), with the frame
 * its static layers must be drawn in; a schematic map (cheap anyway) comes back whole, with `frame: null`.
 */
export function renderMapTop(map: GameMap, state: GameState, opts: MapRenderOptions = {}): MapRender & { frame: ShapedFrame | null; stamps: Stamp[] } {
  const geo = mapGeometry(map);
  if (!geo.shaped) return { ...render(map, state, opts, 'full'), frame: null, stamps: [] };
  const stamps: Stamp[] = [];
  const r = render(map, state, opts, 'top', stamps);
  const region = opts.region ? findRegion(map, opts.region) : null;
  return { ...r, frame: shapedFrame(geo, region, opts), stamps };
}

function render(map: GameMap, state: GameState, opts: MapRenderOptions, layer: 'full' | 'top', stamps: Stamp[] | null = null): MapRender {
  const lang: Lang = opts.lang ?? ((state.settings?.language as Lang | undefined) ?? 'zh');
  const geo = mapGeometry(map);
  const region = opts.region ? findRegion(map, opts.region) : null;
  if (opts.region && !region) throw new Error(`unknown region "${opts.region}" (known: ${map.regions.map((r) => r.id).join(', ') || 'none'})`);
  const dc = drawContext(geo.shaped, stamps);
  return geo.shaped ? renderShaped(dc, map, state, geo, lang, region, opts, layer) : renderSchematic(dc, map, state, geo, lang, region, opts);
}
