/**
 * The real map (territories have shapes): fills, borders and coast, capture glow, straits, labels placed
 * around the legend, last turn's arrows, legend and header. Whole, or only its dynamic layer for the
 * layered PNG path.
 */
import type { GameMap } from '../map/index.ts';
import type { GameState, SeaState } from './types.ts';
import { along, type MapGeo, type Pt } from './geometry.ts';
import { Occupancy, placeLabels, type Rect } from './labels.ts';
import type { DroppedLabel, MapRender, MapRenderOptions, Region } from './map.ts';
import { r1 as f } from '../../../platform/render/text.ts';
import { GLOW, SEA } from './colors.ts';
import type { DrawContext } from './ink.ts';
import { arrowSvg, arrowsOf, captured } from './arrows.ts';
import { fillShapes, shapedFrame, staticLinesSvg, thickArcs, thickStyle } from './layers.ts';
import { headerSvg, legendBox } from './legend.ts';
import { colorOf, fillOf } from './owners.ts';
import { styleBlock } from './style.ts';
import { labelRequests } from './territory-labels.ts';
import { regionAt, type Lang } from './texts.ts';
import { HEADER, toScreen } from './view.ts';

/**
 * `layer: 'full'` is the whole picture as one SVG; `'top'` leaves out what the layered PNG path draws
 * from its caches (the sea background, owner fills, the static lines and the thick borders), on a
 * transparent canvas.
 */
export function renderShaped(dc: DrawContext, map: GameMap, state: GameState, geo: MapGeo, lang: Lang, region: Region | null, opts: MapRenderOptions, layer: 'full' | 'top' = 'full'): MapRender {
  const fr = shapedFrame(geo, region, opts);
  const { W, H, v, k, zoomed } = fr;
  const parts: string[] = [];
  parts.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`);
  parts.push(styleBlock());
  if (layer === 'full') parts.push(`<rect width="${W}" height="${H}" fill="${SEA}"/>`);
  // Geometry stays in map coordinates under one transform (a nested <svg> viewport costs librsvg an
  // offscreen layer). A region zoom is the same drawing scaled up: whatever falls outside is off-canvas
  // or under the header, and margins show real context rather than blank paper.
  parts.push(`<g transform="${fr.transform}">`);
  if (layer === 'full') {
    const byFill = new Map<string, string[]>();
    for (const { id, d } of fillShapes(map, geo, fr)) {
      const c = fillOf(map, state, id);
      const l = byFill.get(c);
      if (l) l.push(d); else byFill.set(c, [d]);
    }
    // Fills without antialiasing (faster): every fill edge is covered by a border or coast stroke anyway.
    parts.push('<g shape-rendering="crispEdges">');
    for (const [c, ds] of byFill) parts.push(`<path fill="${c}" d="${ds.join('')}"/>`);
    parts.push('</g>');
    parts.push(staticLinesSvg(geo, fr));
  }
  const sw = (px: number) => f(px / k);
  if (layer === 'full') {
    const arcs = zoomed ? geo.arcsZoom : geo.arcs;
    const thick = thickArcs(map, state, arcs).map((i) => arcs[i]!.d);
    if (thick.length) parts.push(`<path d="${thick.join('')}" ${thickStyle(k)}/>`);
  }
  const caps = captured(state);
  const glow: string[] = [];
  for (const id of caps) { const g = geo.terr.get(id); const d = (zoomed ? g?.fillZoom : g?.fill) || g?.shape; if (d) glow.push(d); }
  if (glow.length) {
    parts.push(`<path d="${glow.join('')}" fill="${GLOW}" fill-opacity=".18" stroke="${GLOW}" stroke-opacity=".8" stroke-width="${sw(5)}" stroke-linejoin="round"/>`);
    parts.push(`<path d="${glow.join('')}" fill="none" stroke="#d35400" stroke-width="${sw(1.4)}" stroke-linejoin="round"/>`);
  }
  parts.push('</g>');
  const mapRect: Rect = { x0: 0, y0: HEADER, x1: W, y1: H };
  const sp = (id: string) => toScreen(v, geo.terr.get(id)!.pos);
  // Straits (R1.1): a dashed crossing between the two label points.
  for (const key of map.straits) {
    const [a, c] = key.split('|') as [string, string];
    const p = sp(a), q = sp(c);
    const d = `M${f(p[0])} ${f(p[1])}L${f(q[0])} ${f(q[1])}`;
    parts.push(`<path class="st0" d="${d}"/><path class="st1" d="${d}"/>`);
  }
  // The legend takes the spot (corners, then edge middles) covering the fewest label anchors; labels are
  // placed around it. If the legend's "see region zoom" note then needs more room than reserved, lay out
  // again with the bigger reservation (placement is a few ms of JS).
  const { reqs, info } = labelRequests(dc, map, state, geo, v, lang, false);
  const minimal = region !== null;
  const provisional = legendBox(map, state, lang, [], map.straits.size > 0, 1, minimal);
  const weight = (id: string) => {
    const t = map.territory.get(id)!;
    if (t.kind !== 'sea') return 1;
    return Object.values((state.territories[id] as SeaState | undefined)?.stacks ?? {}).some((n) => n > 0) ? 1 : 0.4;
  };
  const dropList = (ids: string[]): DroppedLabel[] => ids.map((id) => ({
    id, name: info.get(id)?.name ?? id, armies: info.get(id)?.armies ?? null,
    region: region || state.look?.zooms === false ? null : regionAt(map, geo.terr.get(id)!.pos, lang),
  }));
  let reserveH = provisional.h ? provisional.h + 20 : 0;
  let reserveW = provisional.w;
  let placed = placeLabels([], new Occupancy(), mapRect);
  let legendAt: Pt = [0, 0];
  const inner = { x0: mapRect.x0 + 2, y0: mapRect.y0 + 2, x1: mapRect.x1 - 2, y1: mapRect.y1 - 2 };
  const layout = (at: Pt) => {
    const occ = new Occupancy();
    if (reserveH) occ.add({ x0: at[0] - 4, y0: at[1] - 4, x1: at[0] + reserveW + 4, y1: at[1] + reserveH + 4 });
    return { occ, placed: placeLabels(reqs, occ, inner) };
  };
  const cost = (p: typeof placed) => {
    let c = 0;
    for (const l of p.placements) c += l.mode === 'dropped' ? (info.get(l.id)?.armies !== null ? 20 : 6) : l.mode === 'leader' ? 2 : l.mode === 'compact' ? 1 : l.mode === 'small' ? 0.3 : 0;
    return c;
  };
  let occ = new Occupancy();
  for (let attempt = 0; attempt < 3; attempt++) {
    const lw = reserveW, m = 8;
    const xs = [mapRect.x0 + m, mapRect.x1 - lw - m, (mapRect.x0 + mapRect.x1 - lw) / 2];
    const ys = [mapRect.y1 - reserveH - m, mapRect.y0 + m, (mapRect.y0 + mapRect.y1 - reserveH) / 2];
    const cands: Pt[] = [[xs[0]!, ys[0]!], [xs[1]!, ys[0]!], [xs[1]!, ys[1]!], [xs[0]!, ys[1]!], [xs[2]!, ys[0]!], [xs[2]!, ys[1]!], [xs[0]!, ys[2]!], [xs[1]!, ys[2]!]];
    // Rank spots by the anchors they cover, then lay out the best few for real and keep the cheapest.
    const scored = cands.map((c) => {
      let score = 0;
      for (const q of reqs) if (q.ax >= c[0] - 12 && q.ax <= c[0] + lw + 12 && q.ay >= c[1] - 12 && q.ay <= c[1] + reserveH + 12) score += weight(q.id);
      return { c, score };
    }).sort((x, y) => x.score - y.score).slice(0, 4);
    let bestCost = Infinity;
    for (const { c } of reserveH ? scored : scored.slice(0, 1)) {
      const l = layout(c);
      const k2 = cost(l.placed);
      if (k2 < bestCost) { bestCost = k2; legendAt = c; placed = l.placed; occ = l.occ; }
      if (k2 === 0) break;
    }
    const need = legendBox(map, state, lang, dropList(placed.dropped), map.straits.size > 0, 1, minimal);
    if (need.h <= reserveH) break;
    reserveH = need.h + 20;
    reserveW = Math.max(reserveW, need.w);
  }
  // Arrows go under the labels but are laid out after them so their counts avoid every label.
  const arrowParts: string[] = [], arrowLabels: string[] = [];
  let droppedArrowLabels = 0;
  for (const a of arrowsOf(state)) {
    if (!geo.terr.has(a.from) || !geo.terr.has(a.to)) continue;
    const p0 = sp(a.from), q0 = sp(a.to);
    const p = along(p0, q0, 6), q = along(q0, p0, 9);
    const color = colorOf(map, state, a.country) ?? '#555';
    const r = state.look ? arrowSvg(dc, a, p, q, color, occ, mapRect, color) : arrowSvg(dc, a, p, q, color, occ, mapRect);
    arrowParts.push(r.svg);
    if (r.label) arrowLabels.push(r.label);
    if (r.dropped) droppedArrowLabels++;
  }
  parts.push(arrowParts.join(''));
  parts.push(placed.draw(), arrowLabels.join(''), dc.ink.svg());
  const dropped = dropList(placed.dropped);
  const legend = legendBox(map, state, lang, dropped, map.straits.size > 0, 1, minimal);
  const atBottom = legendAt[1] > (mapRect.y0 + mapRect.y1) / 2;
  parts.push(legend.draw(legendAt[0], atBottom ? legendAt[1] + reserveH - legend.h : legendAt[1]));
  parts.push(headerSvg(map, state, lang, W, region ? (lang === 'en' ? region.name.en : region.name.zh) : null));
  parts.push('</svg>');
  return {
    svg: parts.join('\n'), width: W, height: H,
    labels: placed.placements.map((p) => (p.mode === 'dropped' ? { id: p.id, mode: p.mode } : { id: p.id, mode: p.mode, box: p.box })), dropped, droppedArrowLabels,
    region: region?.id ?? null,
  };
}
