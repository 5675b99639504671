/**
 * What each territory's label shows (name, marker, army count; a sea zone's stacks; an arsenal's depot)
 * as variants from richest to leanest, and the requests labels.ts places. Drawing goes through the
 * render's context: the variants' draw functions run when the kept layout is drawn.
 */
import { isLandKind, type GameMap } from '../map/index.ts';
import type { GameState, LandState, SeaState } from './types.ts';
import type { MapGeo, Pt } from './geometry.ts';
import type { LabelReq, Variant } from './labels.ts';
import { esc, r1 as f, textWidth } from '../../../platform/render/text.ts';
import { darker, textOn } from './colors.ts';
import { badge, count, countW, marker, markerW, nameText, type DrawContext } from './ink.ts';
import { colorOf, fillOf } from './owners.ts';
import { T, terrName, type Lang } from './texts.ts';
import { SCHEMATIC_SCALE, toScreen, type View } from './view.ts';

/**
 * Everything drawn for one land territory's label, as variants from richest to leanest. `nameInk`: the name's colour
 * when it is not the stylesheet's (MapLook.contrastNames).
 */
function landVariants(dc: DrawContext, kind: string, name: string, armies: number, outline: string, scale: number, schematicFill?: string, nameInk?: string): Variant[] {
  const out: Variant[] = [];
  // Names below ~10 px are unreadable; past that the label goes compact (count only) instead.
  const sizes: [number, Variant['tier']][] = [[1, 'full'], [0.85, 'small']];
  for (const [s0, tier] of sizes) {
    const fn = 12 * s0 * scale, fc = 12 * s0 * scale;
    const mw = markerW(kind, fn);
    const nameW = textWidth(name, fn) + mw;
    const cnt = String(armies);
    const pw = countW(cnt, fc) + 8, ph = fc + 4;
    if (schematicFill) {
      // Schematic: the label is the territory box itself.
      const w = Math.max(nameW, pw) + 16, h = fn + ph + 12;
      const txt = textOn(schematicFill);
      out.push({ w, h, tier, draw: (cx, cy) => {
        const x0 = cx - w / 2, y0 = cy - h / 2;
        const ny = y0 + 6 + fn * 0.88;
        const nx0 = cx - nameW / 2;
        const strokeW = kind === 'capital' ? 2.6 : kind === 'city' ? 1.8 : 1.1;
        return `<rect x="${f(x0)}" y="${f(y0)}" width="${f(w)}" height="${f(h)}" rx="9" fill="${schematicFill}" stroke="${outline}" stroke-width="${strokeW}"/>` +
          marker(dc, kind, nx0 + mw / 2 - 1, ny - fn * 0.36, fn) +
          `<text x="${f(nx0 + mw)}" y="${f(ny)}" font-size="${f(fn)}" fill="${txt}">${esc(name)}</text>` +
          (badge(dc, cnt, cx, y0 + h - 5 - ph / 2, pw, ph, fc, '#ffffff', 0.5), '');
      } });
      continue;
    }
    const w = Math.max(nameW, pw), h = fn + 1 + ph;
    out.push({ w, h, tier, draw: (cx, cy) => {
      const y0 = cy - h / 2;
      const ny = y0 + fn * 0.86;
      const nx0 = cx - nameW / 2;
      marker(dc, kind, nx0 + mw / 2 - 1, ny - fn * 0.36, fn);
      badge(dc, cnt, cx, y0 + fn + 1 + ph / 2, pw, ph, fc, outline);
      return nameText(dc, `<text class="nm" x="${f(nx0 + mw)}" y="${f(ny)}" font-size="${f(fn)}"${nameInk ? ` style="fill:${nameInk}"` : ''}>${esc(name)}</text>`,
        { x0: nx0 + mw, y0: ny - fn * 0.95, x1: nx0 + nameW, y1: ny + fn * 0.3 });
    } });
  }
  // Compact: marker and count only (the name is the first thing to give up; the count never is).
  const fc = 11 * scale;
  const mw = markerW(kind, fc);
  const cnt = String(armies);
  const pw = countW(cnt, fc) + 7, ph = fc + 4;
  const w = pw + mw + (mw ? 2 : 0), h = ph;
  out.push({ w, h, tier: 'compact', draw: (cx, cy) => {
    const x0 = cx - w / 2;
    marker(dc, kind, x0 + mw / 2, cy, fc);
    badge(dc, cnt, x0 + w - pw / 2, cy, pw, ph, fc, schematicFill ?? outline, schematicFill ? 2 : 1);
    return '';
  } });
  return out;
}

export function chipsRow(dc: DrawContext, stacks: [string, number][], map: GameMap, state: GameState, fs: number): { w: number; h: number; draw: (x0: number, cy: number) => string } {
  const widths = stacks.map(([, n]) => countW(n, fs) + 9);
  const w = widths.reduce((a, b) => a + b, 0) + Math.max(0, stacks.length - 1) * 3, h = fs + 5;
  return { w, h, draw: (x0, cy) => {
    let s = '', x = x0;
    stacks.forEach(([c, n], i) => {
      const col = colorOf(map, state, c) ?? '#555';
      s += `<rect x="${f(x)}" y="${f(cy - h / 2)}" width="${f(widths[i]!)}" height="${f(h)}" rx="3" fill="${col}" stroke="#fff" stroke-width="1"/>` +
        '';
      count(dc, n, x + widths[i]! / 2, cy, fs, textOn(col));
      x += widths[i]! + 3;
    });
    return s;
  } };
}

function seaVariants(dc: DrawContext, name: string, stacks: [string, number][], map: GameMap, state: GameState, scale: number): Variant[] {
  const out: Variant[] = [];
  for (const [s0, tier] of [[1, 'full'], [0.85, 'small']] as const) {
    const fn = 11.5 * s0 * scale, fs = 11 * s0 * scale;
    const nw = textWidth(name, fn);
    const chips = stacks.length ? chipsRow(dc, stacks, map, state, fs) : null;
    const w = Math.max(nw, chips?.w ?? 0), h = fn + (chips ? chips.h + 2 : 0);
    out.push({ w, h, tier, draw: (cx, cy) => {
      const y0 = cy - h / 2;
      // The halo stroke (2.4 px) and the italic slant reach past the advance box.
      let s = nameText(dc, `<text class="sea" x="${f(cx)}" y="${f(y0 + fn * 0.86)}" font-size="${f(fn)}">${esc(name)}</text>`,
        { x0: cx - nw / 2 - 2, y0: y0 - fn * 0.1 - 1.5, x1: cx + nw / 2 + 2, y1: y0 + fn * 1.16 + 1.5 });
      if (chips) s += chips.draw(cx - chips.w / 2, y0 + fn + 2 + chips.h / 2);
      return s;
    } });
  }
  if (stacks.length) {
    const chips = chipsRow(dc, stacks, map, state, 10.5 * scale);
    out.push({ w: chips.w, h: chips.h, tier: 'compact', draw: (cx, cy) => chips.draw(cx - chips.w / 2, cy) });
  }
  return out;
}

function arsenalVariants(dc: DrawContext, country: string, n: number, map: GameMap, lang: Lang, scale: number): Variant[] {
  const col = map.country.get(country)?.color ?? '#555';
  const out: Variant[] = [];
  for (const [s0, tier] of [[1, 'full'], [0.85, 'small']] as const) {
    const fs = 11 * s0 * scale;
    const tag = T[lang].depot;
    const tw = textWidth(tag, fs), nw = countW(n, fs);
    const w = tw + nw + 14, h = fs + 6;
    out.push({ w, h, tier, draw: (cx, cy) => {
      const x0 = cx - w / 2, y0 = cy - h / 2;
      return `<rect x="${f(x0)}" y="${f(y0)}" width="${f(w)}" height="${f(h)}" rx="2" fill="#fff" stroke="${col}" stroke-width="2"/>` +
        `<rect x="${f(x0)}" y="${f(y0)}" width="${f(tw + 6)}" height="${f(h)}" rx="1" fill="${col}"/>` +
        `<text x="${f(x0 + 3)}" y="${f(cy + fs * 0.36)}" font-size="${f(fs)}" fill="${textOn(col)}">${esc(tag)}</text>` +
        (count(dc, n, x0 + tw + 6 + (w - tw - 6) / 2, cy, fs), '');
    } });
  }
  return out;
}

/** Label requests for every territory in view, most important first. */
export function labelRequests(dc: DrawContext, map: GameMap, state: GameState, geo: MapGeo, v: View, lang: Lang, schematic: boolean): { reqs: LabelReq[]; info: Map<string, { name: string; armies: number | null }> } {
  const reqs: LabelReq[] = [];
  const info = new Map<string, { name: string; armies: number | null }>();
  // In view: the anchor falls on the map area of the canvas (a zoom's margins show neighbours too).
  const inView = (p: Pt) => {
    const [x, y] = toScreen(v, p);
    return x >= v.mx && x <= v.mx + v.mw && y >= v.my && y <= v.my + v.mh;
  };
  const scale = schematic ? SCHEMATIC_SCALE : v.k >= 1.5 ? 1.3 : 1;
  const rank = (k: string) => (k === 'capital' ? 0 : k === 'city' ? 1 : k === 'arsenal' ? 2 : k === 'land' ? 3 : 4);
  const list = [...map.territories].filter((t) => inView(geo.terr.get(t.id)!.pos));
  list.sort((a, b) => rank(a.kind) - rank(b.kind) || (geo.terr.get(a.id)!.area - geo.terr.get(b.id)!.area));
  for (const t of list) {
    const g = geo.terr.get(t.id)!;
    const [ax, ay] = toScreen(v, g.pos);
    const home = g.bbox ? { x0: v.ox + (g.bbox[0] - v.vx0) * v.k, y0: v.oy + (g.bbox[1] - v.vy0) * v.k, x1: v.ox + (g.bbox[2] - v.vx0) * v.k, y1: v.oy + (g.bbox[3] - v.vy0) * v.k } : null;
    const name = terrName(t, lang);
    if (isLandKind(t.kind)) {
      const ls = state.territories[t.id] as LandState | undefined;
      const armies = ls?.armies ?? t.armies ?? 0;
      const fill = fillOf(map, state, t.id);
      const owner = ls?.owner ?? null;
      const outline = owner ? darker(colorOf(map, state, owner) ?? '#666', 0.2) : '#777';
      info.set(t.id, { name, armies });
      reqs.push({ id: t.id, ax, ay, variants: landVariants(dc, state.look ? state.look.marker(t.id) : t.kind, name, armies, schematic ? darker(fill, 0.45) : outline, scale, schematic ? fill : undefined, state.look?.contrastNames ? textOn(fill) : undefined), leader: true, home });
    } else if (t.kind === 'sea') {
      const ss = state.territories[t.id] as SeaState | undefined;
      const stacks = Object.entries(ss?.stacks ?? {}).filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1]);
      info.set(t.id, { name, armies: stacks.length ? stacks.reduce((s, [, n]) => s + n, 0) : null });
      if (schematic) continue; // drawn as an ellipse with its chips
      reqs.push({ id: t.id, ax, ay, variants: seaVariants(dc, name, stacks, map, state, scale), leader: stacks.length > 0, home });
    } else if (t.kind === 'arsenal' && t.owner && (!state.look || state.look.arsenals)) {
      const n = state.arsenals?.[t.owner] ?? 0;
      info.set(t.id, { name, armies: n });
      reqs.push({ id: t.id, ax, ay, variants: arsenalVariants(dc, t.owner, n, map, lang, scale), leader: true, home: null });
    }
  }
  return { reqs, info };
}
