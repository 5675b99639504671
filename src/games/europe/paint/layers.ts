/**
 * A shaped map's layers: where the map sits on the canvas for a view (the frame), and the parts the
 * layered PNG path caches as pixels per view (territory fills, the static lines) or per arc (the thick
 * borders between owners, of which each state picks its own).
 */
import type { GameMap } from '../map/index.ts';
import type { GameState } from './types.ts';
import type { MapGeo } from './geometry.ts';
import type { MapRenderOptions, Region } from './map.ts';
import { r1 as f } from '../../../platform/render/text.ts';
import { ownerKey } from './owners.ts';
import { HEADER, viewFor, type View } from './view.ts';

const f4 = (n: number) => (Math.round(n * 1e4) / 1e4).toString();

/** Where a shaped map (full or a region zoom) sits on the canvas: the same for every state of a view. */
export interface ShapedFrame {
  /** Map-space bounds shown. */
  b: [number, number, number, number];
  W: number;
  H: number;
  v: View;
  k: number;
  /** Finer geometry (region zooms, big renders of small maps). */
  zoomed: boolean;
  /** The transform from map space to the canvas, as an SVG attribute value… */
  transform: string;
  /** …and its parts as written: matrix(kStr 0 0 kStr tx ty). */
  kStr: string;
  tx: number;
  ty: number;
}

export function shapedFrame(geo: MapGeo, region: Region | null, opts: MapRenderOptions): ShapedFrame {
  const b = region ? region.bbox : geo.bounds;
  const bw = b[2] - b[0], bh = b[3] - b[1];
  // A zoom is at least 2× the map's detail, and at least ~1200 px wide so small regions read on a phone.
  const zoomK = Math.min(4, Math.max(2, 1200 / bw));
  const W = Math.round(opts.width ?? (region ? Math.min(2400, bw * zoomK) : Math.min(2400, Math.max(800, bw))));
  const H = Math.round(opts.height ?? (W / bw) * bh + HEADER);
  const v = viewFor(b, W, H, HEADER, 0);
  const k = v.k;
  // More than 1.5 screen px per map unit (a zoom, or a big render of a small map): use the finer geometry.
  const zoomed = k >= 1.5;
  const kStr = f4(k), tx = Number(f(v.ox - b[0] * k)), ty = Number(f(v.oy - b[1] * k));
  return { b: [b[0], b[1], b[2], b[3]], W, H, v, k, zoomed, transform: `matrix(${kStr} 0 0 ${kStr} ${tx} ${ty})`, kStr, tx, ty };
}

/**
 * The part of a shaped map that no state changes: dashed sea-zone lines, every land border as a thin line
 * (a border between two owners gets the thick stroke over it in the dynamic layer) and the coast, in
 * map coordinates (to go under the frame's transform). Rendered once per view and cached as pixels.
 */
export function staticLinesSvg(geo: MapGeo, fr: ShapedFrame): string {
  const thin: string[] = [], coast: string[] = [], sea: string[] = [];
  for (const a of fr.zoomed ? geo.arcsZoom : geo.arcs) {
    if (a.kind === 'coast') coast.push(a.d);
    else if (a.kind === 'sea') sea.push(a.d);
    else thin.push(a.d);
  }
  const sw = (px: number) => f(px / fr.k);
  let s = '';
  if (sea.length) s += `<path d="${sea.join('')}" fill="none" stroke="#7fa7c9" stroke-width="${sw(1)}" stroke-dasharray="${sw(4)} ${sw(3)}"/>`;
  if (thin.length) s += `<path d="${thin.join('')}" fill="none" stroke="#000" stroke-opacity=".38" stroke-width="${sw(0.7)}"/>`;
  if (coast.length) s += `<path d="${coast.join('')}" fill="none" stroke="#35597a" stroke-width="${sw(1.3)}" stroke-linejoin="round"/>`;
  return s;
}

/** The territories drawn as fills (land and arsenals with a shape), in paint order, with their path data. */
export function fillShapes(map: GameMap, geo: MapGeo, fr: ShapedFrame): { id: string; d: string }[] {
  const out: { id: string; d: string }[] = [];
  for (const t of map.territories) {
    const g = geo.terr.get(t.id)!;
    const d = (fr.zoomed ? g.fillZoom : g.fill) || g.shape;
    // Seas are the background colour already: their outlines are the coast and the dashed zone lines.
    if (!d || t.kind === 'sea') continue;
    out.push({ id: t.id, d });
  }
  return out;
}

/** The border between two owners (or an owner and neutral land): drawn over the thin line. */
export const thickStyle = (k: number, color = '#1a1a1a') => `fill="none" stroke="${color}" stroke-width="${f(2 / k)}" stroke-linejoin="round" stroke-linecap="round"`;

/** Indices of the land arcs drawn thick in this state: different owners on the two sides. */
export function thickArcs(map: GameMap, state: GameState, arcs: readonly { kind: string; a: string; b: string | null }[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < arcs.length; i++) {
    const a = arcs[i]!;
    if (a.kind === 'land' && ownerKey(map, state, a.a) !== ownerKey(map, state, a.b)) out.push(i);
  }
  return out;
}
