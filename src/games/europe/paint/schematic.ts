/**
 * The schematic map (positions only): sea zones as ellipses, territories as labelled boxes joined by
 * lines, last turn's arrows from box to box, the legend in a side panel.
 */
import type { GameMap } from '../map/index.ts';
import type { GameState, SeaState } from './types.ts';
import { along, type MapGeo, type Pt } from './geometry.ts';
import { Occupancy, placeLabels, rect, type Rect } from './labels.ts';
import type { DroppedLabel, MapRender, MapRenderOptions, Region } from './map.ts';
import { esc, r1 as f, textWidth } from '../../../platform/render/text.ts';
import { GLOW, PAPER, SEA } from './colors.ts';
import type { DrawContext } from './ink.ts';
import { arrowSvg, arrowsOf, captured } from './arrows.ts';
import { headerSvg, legendBox } from './legend.ts';
import { colorOf } from './owners.ts';
import { styleBlock } from './style.ts';
import { chipsRow, labelRequests } from './territory-labels.ts';
import { regionAt, terrName, type Lang } from './texts.ts';
import { HEADER, SCHEMATIC_SCALE, toScreen, viewFor } from './view.ts';

export function renderSchematic(dc: DrawContext, map: GameMap, state: GameState, geo: MapGeo, lang: Lang, region: Region | null, opts: MapRenderOptions): MapRender {
  const b = region ? region.bbox : geo.bounds;
  const bw = b[2] - b[0], bh = b[3] - b[1];
  const LS = 1.25;
  const legend0 = legendBox(map, state, lang, [], map.straits.size > 0, LS);
  const panel = Math.max(280, Math.ceil(legend0.w + 24));
  const W = Math.round(opts.width ?? (region ? Math.min(2000, bw * 2.2) + panel : 1000 + panel));
  const mapW = W - panel;
  const H = Math.round(opts.height ?? Math.max((mapW / bw) * bh + HEADER, legend0.h + 100 + HEADER));
  const v = viewFor(b, W, H, HEADER, panel);
  const parts: string[] = [];
  parts.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`);
  parts.push(styleBlock());
  parts.push(`<rect width="${W}" height="${H}" fill="${PAPER}"/>`);
  const mapRect: Rect = { x0: 0, y0: HEADER, x1: W - panel, y1: H };
  parts.push(`<clipPath id="mc"><rect x="0" y="${HEADER}" width="${W - panel}" height="${H - HEADER}"/></clipPath><g clip-path="url(#mc)">`);
  const sp = (id: string) => toScreen(v, geo.terr.get(id)!.pos);
  // Seas first: ellipses under everything, with their names and stacks.
  const occ = new Occupancy();
  const seaSvg: string[] = [];
  for (const id of map.seaIds) {
    const t = map.territory.get(id)!;
    const [cx, cy] = sp(id);
    const ss = state.territories[id] as SeaState | undefined;
    const stacks = Object.entries(ss?.stacks ?? {}).filter(([, n]) => n > 0).sort((a, c) => c[1] - a[1]);
    const name = terrName(t, lang);
    const S = SCHEMATIC_SCALE, fs = 13 * S;
    const chips = stacks.length ? chipsRow(dc, stacks, map, state, 12 * S) : null;
    const rx = Math.max(textWidth(name, fs) / 2 + 26, (chips?.w ?? 0) / 2 + 22, 60), ry = (chips ? 36 : 28) * S;
    seaSvg.push(`<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="${SEA}" stroke="#5b8db8" stroke-width="1.5"/>`);
    seaSvg.push(`<text class="sea" x="${f(cx)}" y="${f(cy + (chips ? -5 * S : fs * 0.36))}" font-size="${f(fs)}">${esc(name)}</text>`);
    if (chips) seaSvg.push(chips.draw(cx - chips.w / 2, cy + 14 * S));
    occ.add(rect(cx, cy, rx * 1.6, ry * 1.7));
  }
  // Edges: land solid, straits dashed, sea routes light blue, arsenal links dotted.
  const land: string[] = [], seaE: string[] = [], ars: string[] = [], strait: string[] = [];
  for (const [a, c, isStrait] of geo.edges) {
    const p = sp(a), q = sp(c);
    const d = `M${f(p[0])} ${f(p[1])}L${f(q[0])} ${f(q[1])}`;
    const ka = map.territory.get(a)!.kind, kc = map.territory.get(c)!.kind;
    if (isStrait) strait.push(d);
    else if (ka === 'arsenal' || kc === 'arsenal') { if (!state.look || state.look.arsenals) ars.push(d); }
    else if (ka === 'sea' || kc === 'sea') seaE.push(d);
    else land.push(d);
  }
  parts.push(`<path d="${seaE.join('')}" stroke="#6f9ccc" stroke-width="2.2" stroke-dasharray="7 4" fill="none"/>`);
  parts.push(`<path d="${land.join('')}" stroke="#8b8272" stroke-width="2.6" fill="none"/>`);
  parts.push(`<path d="${ars.join('')}" stroke="#8b8272" stroke-width="1.6" stroke-dasharray="2 3" fill="none"/>`);
  if (strait.length) parts.push(`<path class="st0" d="${strait.join('')}" stroke-width="4.5"/><path class="st1" d="${strait.join('')}" stroke-width="2.2"/>`);
  parts.push(seaSvg.join(''));
  const { reqs, info } = labelRequests(dc, map, state, geo, v, lang, true);
  for (const q of reqs) q.home = { x0: q.ax - 36, y0: q.ay - 30, x1: q.ax + 36, y1: q.ay + 30 };
  const placed = placeLabels(reqs, occ, { x0: mapRect.x0 + 2, y0: mapRect.y0 + 2, x1: mapRect.x1 - 2, y1: mapRect.y1 - 2 });
  // Capture glow behind the boxes, at their placed spots.
  const caps = captured(state);
  const spot = new Map<string, { cx: number; cy: number; w: number; h: number }>();
  for (const p of placed.placements) {
    if (p.mode === 'dropped') continue;
    spot.set(p.id, { cx: p.cx, cy: p.cy, w: p.box.x1 - p.box.x0, h: p.box.y1 - p.box.y0 });
  }
  for (const id of caps) {
    const s = spot.get(id);
    if (s) parts.push(`<rect x="${f(s.cx - s.w / 2 - 4)}" y="${f(s.cy - s.h / 2 - 4)}" width="${f(s.w + 8)}" height="${f(s.h + 8)}" rx="12" fill="none" stroke="${GLOW}" stroke-width="6" stroke-opacity=".9"/>`);
  }
  parts.push(placed.draw());
  // Arrows on top, from box edge to box edge.
  const edgeOf = (id: string, toward: Pt): Pt => {
    const s = spot.get(id);
    const c = s ? [s.cx, s.cy] as Pt : sp(id);
    if (!s) return along(c, toward, map.territory.get(id)!.kind === 'sea' ? 30 : 8);
    const dx = toward[0] - c[0], dy = toward[1] - c[1];
    const t = Math.min(Math.abs(dx) > 1e-6 ? (s.w / 2 + 3) / Math.abs(dx) : Infinity, Math.abs(dy) > 1e-6 ? (s.h / 2 + 3) / Math.abs(dy) : Infinity, 0.45);
    return [c[0] + dx * t, c[1] + dy * t];
  };
  const arrowParts: string[] = [];
  let droppedArrowLabels = 0;
  for (const a of arrowsOf(state)) {
    if (!geo.terr.has(a.from) || !geo.terr.has(a.to)) continue;
    const cFrom = spot.has(a.from) ? [spot.get(a.from)!.cx, spot.get(a.from)!.cy] as Pt : sp(a.from);
    const cTo = spot.has(a.to) ? [spot.get(a.to)!.cx, spot.get(a.to)!.cy] as Pt : sp(a.to);
    const p = edgeOf(a.from, cTo), q = edgeOf(a.to, cFrom);
    const color = colorOf(map, state, a.country) ?? '#555';
    const r = state.look ? arrowSvg(dc, a, p, q, color, occ, mapRect, color) : arrowSvg(dc, a, p, q, color, occ, mapRect);
    arrowParts.push(r.svg, r.label ?? '');
    if (r.dropped) droppedArrowLabels++;
  }
  parts.push(arrowParts.join(''), dc.ink.svg(), '</g>');
  const dropped: DroppedLabel[] = placed.dropped.map((id) => ({
    id, name: info.get(id)?.name ?? id, armies: info.get(id)?.armies ?? null,
    region: region || state.look?.zooms === false ? null : regionAt(map, geo.terr.get(id)!.pos, lang),
  }));
  const legend = legendBox(map, state, lang, dropped, map.straits.size > 0, LS);
  parts.push(`<rect x="${W - panel}" y="${HEADER}" width="${panel}" height="${H - HEADER}" fill="#ebe6db"/>`);
  parts.push(legend.draw(W - panel + (panel - legend.w) / 2, HEADER + 12));
  parts.push(headerSvg(map, state, lang, W, region ? (lang === 'en' ? region.name.en : region.name.zh) : null));
  parts.push('</svg>');
  return {
    svg: parts.join('\n'), width: W, height: H,
    labels: placed.placements.map((p) => (p.mode === 'dropped' ? { id: p.id, mode: p.mode } : { id: p.id, mode: p.mode, box: p.box })), dropped, droppedArrowLabels,
    region: region?.id ?? null,
  };
}
