/**
 * The map picture: owner fills, borders, coast, counts, capitals/cities, arsenals, straits, last turn's
 * arrows and captures, legend and title. Two drawings of the same content: the real map (territories have
 * shapes) and a schematic (positions only: boxes, ellipses and lines), chosen by the map file.
 */
import { isLandKind, type GameMap } from '../map/index.ts';
import type { GameState, LandState, SeaState, TerritoryDefLike } from './types.ts';
import { mapGeometry, type MapGeo, type Pt, along } from './geometry.ts';
import { Occupancy, placeLabels, rect, type LabelReq, type Rect, type Variant } from './labels.ts';
export type { Rect } from './labels.ts';
import { digitPath, digitsWidth, esc, r1, textWidth } from '../../../platform/render/text.ts';
import { FONT_STACK } from '../../../platform/render/fonts.ts';
import { FAIL, GLOW, INK, NEUTRAL, OCEAN, PAPER, SEA, darker, landFill, muted, textOn } from './colors.ts';

export type Lang = 'zh' | 'en';

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

const T = {
  zh: { turn: (n: number) => `第 ${n} 回合`, neutral: '中立', legend: '图例', terr: '地', army: '军', capital: '首都', city: '城市', arsenal: '兵工厂', move: '调兵', attack: '进攻', failed: '进攻失败', capture: '本回合占领', strait: '海峡', zoomNote: '放大区域可见：', minors: (n: number) => `${n}个小国（中立）`, depot: '库', ended: '已结束', winner: '胜者：', region: '区域：', seaZone: '海域' },
  en: { turn: (n: number) => `Turn ${n}`, neutral: 'Neutral', legend: 'Legend', terr: ' terr', army: ' armies', capital: 'Capital', city: 'City', arsenal: 'Arsenal', move: 'Move', attack: 'Attack', failed: 'Failed attack', capture: 'Captured', strait: 'Strait', zoomNote: 'In region zoom: ', minors: (n: number) => `${n} minor states (neutral)`, depot: 'Ars', ended: 'ended', winner: 'Winner: ', region: 'Region: ', seaZone: 'Sea' },
};

const f = r1;
const f4 = (n: number) => (Math.round(n * 1e4) / 1e4).toString();
const HEADER = 40;
/** Schematic maps have room: bigger type reads on a phone. */
const SCHEMATIC_SCALE = 1.4;

function terrName(t: TerritoryDefLike, lang: Lang): string {
  return lang === 'en' ? t.name.en : t.name.zh;
}

function countryName(map: GameMap, id: string, lang: Lang): string {
  const c = map.country.get(id);
  return c ? (lang === 'en' ? c.name.en : c.name.zh) : id;
}

/** Resolves a region by id, name or alias (as players type it). */
export function findRegion(map: GameMap, q: string) {
  const byId = map.regions.find((r) => r.id === q);
  if (byId) return byId;
  const norm = q.normalize('NFKC').toLowerCase().replace(/[\s\u3000·・.'’_-]+/g, '');
  const id = map.regionByName.get(norm);
  return id ? map.regions.find((r) => r.id === id) ?? null : null;
}

/** Fill colour of a land territory now (R1.3): owner's colour; neutral grey-beige; a minor state's own colour muted. */
export function fillOf(map: GameMap, state: GameState, id: string): string {
  const t = map.territory.get(id)!;
  if (t.kind === 'sea') return SEA;
  if (t.kind === 'arsenal') {
    const c = map.country.get(t.owner ?? '');
    return c ? muted(c.color) : NEUTRAL;
  }
  const ls = state.territories[id] as LandState | undefined;
  const owner = ls ? ls.owner : t.owner ?? null;
  if (owner) {
    const c = map.country.get(owner);
    if (!c) return NEUTRAL;
    return c.playable === false ? muted(c.color) : landFill(c.color);
  }
  const orig = t.owner ? map.country.get(t.owner) : undefined;
  if (orig && orig.playable === false) return muted(orig.color);
  return NEUTRAL;
}

const ownerKey = (map: GameMap, state: GameState, id: string | null): string => {
  if (!id) return '~';
  const t = map.territory.get(id)!;
  if (t.kind === 'arsenal') return `ars:${t.owner}`;
  const ls = state.territories[id] as LandState | undefined;
  const o = ls?.owner ?? null;
  if (o) return o;
  return t.owner && map.country.get(t.owner)?.playable === false ? `minor:${t.owner}` : `neutral:${id}`;
};

/**
 * Shapes gathered while labels are drawn and emitted as a few merged <path> elements: army counts in the
 * path digit font, count pills, capital stars, city rings. One path of 300 pieces costs librsvg a fraction
 * of 300 elements. Rendering is synchronous, so the current buffer can live in the module.
 */
class Ink {
  private groups = new Map<string, string[]>();
  add(key: string, d: string): void {
    const g = this.groups.get(key);
    if (g) g.push(d); else this.groups.set(key, [d]);
  }
  svg(): string {
    const out: string[] = [];
    const order = (k: string) => (k.startsWith('p|') ? 0 : k === 'star' || k === 'city' ? 1 : 2);
    for (const [k, ds] of [...this.groups].sort((a, b) => order(a[0]) - order(b[0]))) {
      const d = ds.join('');
      if (k === 'star') out.push(`<path class="star" d="${d}"/>`);
      else if (k === 'city') out.push(`<path class="city" d="${d}"/>`);
      else if (k.startsWith('p|')) {
        const [, stroke, sw] = k.split('|');
        out.push(`<path class="pill" d="${d}" stroke="${stroke}" stroke-width="${sw}"/>`);
      } else {
        const [, color, sw] = k.split('|');
        out.push(`<path d="${d}" fill="none" stroke="${color}" stroke-width="${sw}" stroke-linecap="round" stroke-linejoin="round"/>`);
      }
    }
    return out.join('');
  }
}
let ink = new Ink();

/**
 * Something drawn at an anchor that recurs state after state (a name, a count badge, a capital star), for
 * the layered path's pixel cache: `key` says what it looks like relative to its anchor (x, y), `box`
 * (relative to the anchor) bounds its ink, and `svg(x, y)` draws it with the anchor at (x, y).
 */
export interface Stamp { key: string; x: number; y: number; box: Rect; svg: (x: number, y: number) => string }
/**
 * Where stamps go while a dynamic layer is drawn: collected for the layered path (which draws them from
 * cached pixels, last, in order) instead of being written into the SVG. Null: they go into the SVG.
 */
let stampSink: Stamp[] | null = null;
/**
 * Shaped maps put count badges and markers on whole pixels, so that each looks the same wherever it is
 * and its pixels can be reused (the full SVG does the same, so both paths draw the same picture).
 */
let snap = false;

/** A territory or sea-zone name: a stamp keyed by its element (which carries its place); `box` is absolute. */
function nameText(el: string, box: Rect): string {
  if (!stampSink) return el;
  stampSink.push({ key: el, x: 0, y: 0, box, svg: (x, y) => (x || y ? `<g transform="translate(${x} ${y})">${el}</g>` : el) });
  return '';
}

/** An army count in the path digit font, centred at (cx, cy). */
function count(n: number | string, cx: number, cy: number, size: number, color = INK): void {
  ink.add(`d|${color}|${f(size * 0.125)}`, digitPath(String(n), cx, cy, size));
}
const countW = (n: number | string, size: number) => digitsWidth(String(n), size);

function pillD(x: number, y: number, w: number, h: number): string {
  const r = h / 2;
  return `M${f(x + r)} ${f(y)}H${f(x + w - r)}A${f(r)} ${f(r)} 0 0 1 ${f(x + w - r)} ${f(y + h)}H${f(x + r)}A${f(r)} ${f(r)} 0 0 1 ${f(x + r)} ${f(y)}Z`;
}

/** A count in its pill (w × h, outlined in `stroke`), centred at (bx, by). */
function badge(cnt: string, bx: number, by: number, w: number, h: number, size: number, stroke: string, sw = 1): void {
  if (snap) { bx = Math.round(bx); by = Math.round(by); }
  if (stampSink) {
    const e = sw / 2 + 1;
    stampSink.push({
      key: `b|${cnt}|${size}|${w}|${h}|${stroke}|${sw}`, x: bx, y: by, box: { x0: -w / 2 - e, y0: -h / 2 - e, x1: w / 2 + e, y1: h / 2 + e },
      svg: (x, y) => `<path class="pill" d="${pillD(x - w / 2, y - h / 2, w, h)}" stroke="${stroke}" stroke-width="${sw}"/>` +
        `<path d="${digitPath(cnt, x, y, size)}" fill="none" stroke="${INK}" stroke-width="${f(size * 0.125)}" stroke-linecap="round" stroke-linejoin="round"/>`,
    });
    return;
  }
  ink.add(`p|${stroke}|${sw}`, pillD(bx - w / 2, by - h / 2, w, h));
  count(cnt, bx, by, size);
}

function starPath(cx: number, cy: number, R: number): string {
  let d = '';
  for (let i = 0; i < 10; i++) {
    const r = i % 2 === 0 ? R : R * 0.45;
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    d += `${i ? 'L' : 'M'}${f(cx + Math.cos(a) * r)} ${f(cy + Math.sin(a) * r)}`;
  }
  return d + 'Z';
}

/** Capital ★ (R1.1) or city ● marker centred at (cx, cy) for font size s; '' for other kinds. */
function marker(kind: string, cx: number, cy: number, s: number): string {
  if (kind !== 'capital' && kind !== 'city') return '';
  if (snap) { cx = Math.round(cx); cy = Math.round(cy); }
  const d = (x: number, y: number) => {
    if (kind === 'capital') return starPath(x, y, s * 0.62);
    const r = s * 0.3;
    return `M${f(x - r)} ${f(y)}A${f(r)} ${f(r)} 0 1 0 ${f(x + r)} ${f(y)}A${f(r)} ${f(r)} 0 1 0 ${f(x - r)} ${f(y)}Z`;
  };
  if (stampSink) {
    const e = s * 0.62 + 2;
    stampSink.push({ key: `m|${kind}|${s}`, x: cx, y: cy, box: { x0: -e, y0: -e, x1: e, y1: e }, svg: (x, y) => `<path class="${kind === 'capital' ? 'star' : 'city'}" d="${d(x, y)}"/>` });
  } else ink.add(kind === 'capital' ? 'star' : 'city', d(cx, cy));
  return '';
}
const markerW = (kind: string, s: number) => (kind === 'capital' ? s * 1.3 : kind === 'city' ? s * 0.8 : 0);

interface View {
  /** View box in map coordinates. */
  vx0: number; vy0: number; vw: number; vh: number;
  /** Map area on the canvas. */
  mx: number; my: number; mw: number; mh: number;
  k: number;
  ox: number; oy: number;
}

const toScreen = (v: View, p: Pt): Pt => [v.ox + (p[0] - v.vx0) * v.k, v.oy + (p[1] - v.vy0) * v.k];

interface Arrow { kind: 'move' | 'win' | 'fail' | 'airlift' | 'headOn'; from: string; to: string; country: string; n: number }

/** Last turn's arrows from `state.lastEvents` (battles replace the moves that made them). */
export function arrowsOf(state: GameState): Arrow[] {
  const out: Arrow[] = [];
  const battleKeys = new Set<string>();
  for (const e of state.lastEvents ?? []) {
    if (e.type === 'battle') {
      for (const from of e.from) {
        battleKeys.add(`${e.attacker}|${from}|${e.territory}`);
        out.push({ kind: e.won ? 'win' : 'fail', from, to: e.territory, country: e.attacker, n: e.from.length === 1 ? e.attackers : 0 });
      }
    } else if (e.type === 'headOn') {
      out.push({ kind: 'headOn', from: e.a.from, to: e.b.from, country: e.a.country, n: 0 });
    }
  }
  for (const e of state.lastEvents ?? []) {
    if (e.type === 'move' && !battleKeys.has(`${e.country}|${e.from}|${e.to}`)) out.push({ kind: 'move', from: e.from, to: e.to, country: e.country, n: e.n });
    else if (e.type === 'airlift') out.push({ kind: 'airlift', from: e.from, to: e.to, country: e.country, n: e.n });
  }
  return out;
}

function arrowSvg(a: Arrow, p: Pt, q: Pt, color: string, occ: Occupancy, bounds: Rect): { svg: string; label: string | null; dropped: boolean } {
  const len = Math.hypot(q[0] - p[0], q[1] - p[1]);
  if (len < 4) return { svg: '', label: null, dropped: false };
  const nx = -(q[1] - p[1]) / len, ny = (q[0] - p[0]) / len;
  const bend = a.kind === 'airlift' ? 0.3 : 0.14;
  const c: Pt = [(p[0] + q[0]) / 2 + nx * len * bend, (p[1] + q[1]) / 2 + ny * len * bend];
  const w = a.kind === 'move' || a.kind === 'airlift' ? Math.min(4, 1.8 + Math.log2(1 + a.n) * 0.35) : Math.min(5, 2.4 + Math.log2(1 + a.n) * 0.4);
  let svg = '';
  if (a.kind === 'headOn') {
    const m: Pt = [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2];
    svg += `<path class="ac" d="M${f(p[0])} ${f(p[1])}L${f(q[0])} ${f(q[1])}" stroke-width="${f(w + 2.4)}"/>`;
    svg += `<path d="M${f(p[0])} ${f(p[1])}L${f(q[0])} ${f(q[1])}" stroke="${color}" stroke-width="${f(w)}" fill="none"/>`;
    svg += `<path class="burst" d="${starPath(m[0], m[1], 8)}"/>`;
    return { svg, label: null, dropped: false };
  }
  // Arrowhead along the curve's end tangent.
  const tx = q[0] - c[0], ty = q[1] - c[1];
  const tl = Math.hypot(tx, ty) || 1;
  const ux = tx / tl, uy = ty / tl;
  const hl = 5 + w * 1.8, hw = 3 + w * 1.1;
  const base: Pt = [q[0] - ux * hl, q[1] - uy * hl];
  const head = `M${f(q[0])} ${f(q[1])}L${f(base[0] - uy * hw)} ${f(base[1] + ux * hw)}L${f(base[0] + uy * hw)} ${f(base[1] - ux * hw)}Z`;
  const shaft = `M${f(p[0])} ${f(p[1])}Q${f(c[0])} ${f(c[1])} ${f(base[0] + ux * 1)} ${f(base[1] + uy * 1)}`;
  if (a.kind === 'fail') {
    svg += `<path class="ac" d="${shaft}" stroke-width="${f(w + 2.4)}"/>`;
    svg += `<path d="${shaft}" stroke="${FAIL}" stroke-width="${f(w)}" stroke-dasharray="${f(w * 2.2)} ${f(w * 1.4)}" fill="none"/>`;
    svg += `<path d="${head}" fill="${FAIL}" stroke="#fff" stroke-width="1"/>`;
    const s = 5.5;
    const x = q[0] - ux * (hl + 6), y = q[1] - uy * (hl + 6);
    svg += `<path class="xx" d="M${f(x - s)} ${f(y - s)}L${f(x + s)} ${f(y + s)}M${f(x + s)} ${f(y - s)}L${f(x - s)} ${f(y + s)}"/>`;
  } else {
    const dash = a.kind === 'airlift' ? ` stroke-dasharray="1 ${f(w * 1.8)}" stroke-linecap="round"` : '';
    svg += `<path class="${a.kind === 'win' ? 'acd' : 'ac'}" d="${shaft}" stroke-width="${f(w + (a.kind === 'win' ? 3 : 2.2))}"/>`;
    svg += `<path d="${shaft}" stroke="${color}" stroke-width="${f(w)}" fill="none"${dash}/>`;
    svg += `<path d="${head}" fill="${color}" stroke="${a.kind === 'win' ? INK : '#fff'}" stroke-width="1"/>`;
  }
  if (a.n > 0) {
    // The count sits at the curve's apex, only where it covers no label.
    const m: Pt = [(p[0] + 2 * c[0] + base[0]) / 4, (p[1] + 2 * c[1] + base[1]) / 4];
    const txt = String(a.n);
    const tw = countW(txt, 12) + 5, th = 14;
    const r = rect(m[0], m[1], tw, th);
    const ok = r.x0 >= bounds.x0 && r.y0 >= bounds.y0 && r.x1 <= bounds.x1 && r.y1 <= bounds.y1 && !occ.hits(r);
    if (!ok) return { svg, label: null, dropped: true };
    occ.add(r);
    const col = a.kind === 'fail' ? FAIL : darker(color, 0.25);
    // A white halo under the digits keeps them readable across borders and fills.
    ink.add(`d|#ffffff|3.6`, digitPath(txt, m[0], m[1], 12));
    count(txt, m[0], m[1], 12, col);
    return { svg, label: null, dropped: false };
  }
  return { svg, label: null, dropped: false };
}

interface LegendRow { color: string; colors?: string[]; label: string; right: string; grey?: boolean }

function legendRows(map: GameMap, state: GameState, lang: Lang): LegendRow[] {
  const terr = new Map<string, number>(), armies = new Map<string, number>();
  let neutralT = 0, neutralA = 0;
  const minorT = new Map<string, number>();
  for (const id of map.landIds) {
    const ls = state.territories[id] as LandState | undefined;
    if (!ls) continue;
    if (ls.owner) {
      terr.set(ls.owner, (terr.get(ls.owner) ?? 0) + 1);
      armies.set(ls.owner, (armies.get(ls.owner) ?? 0) + ls.armies);
    } else {
      const orig = map.territory.get(id)!.owner;
      if (orig && map.country.get(orig)?.playable === false) minorT.set(orig, (minorT.get(orig) ?? 0) + 1);
      else neutralT++;
      neutralA += ls.armies;
    }
  }
  for (const id of map.seaIds) {
    const ss = state.territories[id] as SeaState | undefined;
    for (const [c, n] of Object.entries(ss?.stacks ?? {})) armies.set(c, (armies.get(c) ?? 0) + n);
  }
  for (const [c, n] of Object.entries(state.arsenals ?? {})) armies.set(c, (armies.get(c) ?? 0) + n);
  const t = T[lang];
  const rows: LegendRow[] = [];
  const ids = map.countries.filter((c) => c.playable !== false && (terr.get(c.id) || state.countries[c.id]?.alive));
  ids.sort((a, b) => (terr.get(b.id) ?? 0) - (terr.get(a.id) ?? 0));
  for (const c of ids) {
    const cs = state.countries[c.id];
    const tag = cs?.overlord ? (lang === 'zh' ? `（${countryName(map, cs.overlord, lang)}傀儡）` : ` (${countryName(map, cs.overlord, lang)} puppet)`) : '';
    rows.push({ color: landFill(c.color), label: countryName(map, c.id, lang) + tag, right: `${terr.get(c.id) ?? 0}${t.terr} ${armies.get(c.id) ?? 0}${t.army}`, grey: cs ? !cs.alive : false });
  }
  const minors = map.countries.filter((x) => x.playable === false && minorT.get(x.id));
  if (minors.length <= 3) {
    for (const c of minors) {
      rows.push({ color: muted(c.color), label: lang === 'zh' ? `${countryName(map, c.id, lang)}（${t.neutral}）` : `${countryName(map, c.id, lang)} (${t.neutral})`, right: `${minorT.get(c.id)}${t.terr}` });
    }
  } else {
    // Many minor states (the Europe map has ~30): one row, their muted colours side by side in the chip.
    const n = minors.reduce((a, c) => a + (minorT.get(c.id) ?? 0), 0);
    rows.push({ color: muted(minors[0]!.color), colors: minors.slice(0, 4).map((c) => muted(c.color)), label: t.minors(minors.length), right: `${n}${t.terr}` });
  }
  if (neutralT) rows.push({ color: NEUTRAL, label: t.neutral, right: `${neutralT}${t.terr} ${neutralA}${t.army}` });
  return rows;
}

interface LegendBox { w: number; h: number; draw: (x: number, y: number) => string }

/**
 * The legend box. `minimal` (region zooms, where the full map's legend is one post away and room is
 * precious) keeps only the "see region zoom" note, and is empty when nothing was dropped.
 */
function legendBox(map: GameMap, state: GameState, lang: Lang, dropped: DroppedLabel[], withStrait: boolean, scale = 1, minimal = false): LegendBox {
  const t = T[lang];
  if (minimal && !dropped.length) return { w: 0, h: 0, draw: () => '' };
  const rows = minimal ? [] : legendRows(map, state, lang);
  const fs = 12.5, rh = 18, pad = 8;
  const rightW = Math.max(...rows.map((r) => textWidth(r.right, 11)), 40);
  const labelW = Math.max(...rows.map((r) => textWidth(r.label, fs)), 60);
  const w = Math.max(220, Math.ceil(pad * 2 + 18 + labelW + 10 + rightW));
  const keys: [string, (x: number, y: number) => string][] = [
    [t.capital, (x, y) => `<path class="star" d="${starPath(x + 7, y, 6.5)}"/>`],
    [t.city, (x, y) => `<circle class="city" cx="${x + 7}" cy="${y}" r="4"/>`],
    [t.arsenal, (x, y) => `<rect x="${x}" y="${y - 6}" width="14" height="12" rx="2" fill="#fff" stroke="${INK}" stroke-width="1.4"/>`],
    [t.move, (x, y) => `<path d="M${x} ${y}L${x + 12} ${y}" stroke="#555" stroke-width="2.2"/><path d="M${x + 18} ${y}L${x + 11} ${y - 4}L${x + 11} ${y + 4}Z" fill="#555"/>`],
    [t.attack, (x, y) => `<path d="M${x} ${y}L${x + 11} ${y}" stroke="${INK}" stroke-width="4.6"/><path d="M${x} ${y}L${x + 11} ${y}" stroke="#777" stroke-width="2.6"/><path d="M${x + 18} ${y}L${x + 10} ${y - 5}L${x + 10} ${y + 5}Z" fill="#777" stroke="${INK}"/>`],
    [t.failed, (x, y) => `<path d="M${x} ${y}L${x + 11} ${y}" stroke="${FAIL}" stroke-width="2.6" stroke-dasharray="4 2"/><path class="xx" d="M${x + 11} ${y - 4}L${x + 18} ${y + 4}M${x + 18} ${y - 4}L${x + 11} ${y + 4}"/>`],
    [t.capture, (x, y) => `<rect x="${x + 1}" y="${y - 5}" width="14" height="10" fill="#fff" stroke="${GLOW}" stroke-width="3.5"/><rect x="${x + 1}" y="${y - 5}" width="14" height="10" fill="none" stroke="#d35400" stroke-width="1"/>`],
  ];
  if (minimal) keys.length = 0;
  if (withStrait && !minimal) keys.push([t.strait, (x, y) => `<path class="st0" d="M${x} ${y}L${x + 18} ${y}"/><path class="st1" d="M${x} ${y}L${x + 18} ${y}"/>`]);
  const keyRows = Math.ceil(keys.length / 2);
  // The dropped-label note, wrapped to the box width.
  const noteLines: string[] = [];
  if (dropped.length) {
    let line = t.zoomNote;
    for (const d of dropped) {
      const item = `${d.name}${d.armies !== null ? ` ${d.armies}` : ''}${d.region ? `→${d.region}` : ''}；`;
      if (textWidth(line + item, 11) > w - pad * 2) { noteLines.push(line); line = item; } else line += item;
    }
    noteLines.push(line);
  }
  const h = pad + 18 + rows.length * rh + (keyRows ? 6 + keyRows * 18 : 0) + (noteLines.length ? 6 + noteLines.length * 15 : 0) + pad;
  const draw = (x0: number, y0: number) => {
    const x = 0, y = 0;
    let s = `<g transform="translate(${f(x0)} ${f(y0)})${scale !== 1 ? ` scale(${scale})` : ''}"><rect x="0" y="0" width="${w}" height="${h}" rx="6" fill="#fffdf8" fill-opacity="0.94" stroke="#6b6357" stroke-width="1"/>`;
    let yy = y + pad + 12;
    s += `<text class="lt" x="${f(x + pad)}" y="${f(yy)}">${esc(t.legend)}</text>`;
    yy += 6;
    for (const r of rows) {
      const cy = yy + rh / 2;
      const fill = r.grey ? '#bbbbbb' : r.color;
      if (r.colors && r.colors.length > 1) {
        const sw = 14 / r.colors.length;
        r.colors.forEach((c, k) => { s += `<rect x="${f(x + pad + k * sw)}" y="${f(cy - 6.5)}" width="${f(sw + 0.3)}" height="13" fill="${c}"/>`; });
        s += `<rect x="${f(x + pad)}" y="${f(cy - 6.5)}" width="14" height="13" rx="2" fill="none" stroke="#444" stroke-width="0.8"/>`;
      } else s += `<rect x="${f(x + pad)}" y="${f(cy - 6.5)}" width="14" height="13" rx="2" fill="${fill}" stroke="#444" stroke-width="0.8"/>`;
      s += `<text class="lg${r.grey ? ' gr' : ''}" x="${f(x + pad + 20)}" y="${f(cy + 4.4)}">${esc(r.label)}</text>`;
      s += `<text class="lr${r.grey ? ' gr' : ''}" x="${f(x + w - pad)}" y="${f(cy + 4)}">${esc(r.right)}</text>`;
      yy += rh;
    }
    yy += 6;
    s += `<path d="M${f(x + pad)} ${f(yy - 3)}H${f(x + w - pad)}" stroke="#cfc7b8" stroke-width="1"/>`;
    keys.forEach(([label, icon], i) => {
      const col = i % 2, row = Math.floor(i / 2);
      const kx = x + pad + col * ((w - pad * 2) / 2), ky = yy + row * 18 + 9;
      s += icon(kx, ky) + `<text class="lk" x="${f(kx + 23)}" y="${f(ky + 4)}">${esc(label)}</text>`;
    });
    yy += keyRows * 18;
    if (noteLines.length) {
      yy += 6;
      for (const l of noteLines) {
        yy += 15;
        s += `<text class="ln" x="${f(x + pad)}" y="${f(yy - 3)}">${esc(l)}</text>`;
      }
    }
    return s + '</g>';
  };
  return { w: w * scale, h: h * scale, draw };
}

function headerSvg(map: GameMap, state: GameState, lang: Lang, W: number, regionName: string | null): string {
  const t = T[lang];
  const title = `${lang === 'en' ? map.file.name.en : map.file.name.zh} · ${t.turn(state.turn)}`;
  let right = regionName ? `${t.region}${regionName}` : '';
  if (state.status === 'ended') {
    right = `${t.ended}${state.winner?.length ? ` · ${t.winner}${state.winner.map((c) => countryName(map, c, lang)).join('、')}` : ''}`;
  }
  return `<rect width="${W}" height="${HEADER}" fill="#2c3e50"/><text class="h1" x="12" y="27">${esc(title)}</text>` +
    (right ? `<text class="h2" x="${W - 12}" y="26">${esc(right)}</text>` : '');
}

export function styleBlock(): string {
  return `<style>
text{font-family:${FONT_STACK}}
.nm{fill:${INK}}
.ct{font-weight:bold;text-anchor:middle}
.pill{fill:#fff;fill-opacity:.93}
.star{fill:#ffd21f;stroke:${INK};stroke-width:1;stroke-linejoin:round}
.city{fill:#fff;stroke:${INK};stroke-width:1.6}
.sea{fill:#1f4f7a;font-style:italic;text-anchor:middle;stroke:#fff;stroke-width:2.4px;stroke-opacity:.6;stroke-linejoin:round;paint-order:stroke}
.chip{font-weight:bold;fill:#fff;text-anchor:middle}
.ac{fill:none;stroke:#fff;stroke-opacity:.85}
.acd{fill:none;stroke:${INK};stroke-opacity:.85}
.xx{fill:none;stroke:${FAIL};stroke-width:2.6;stroke-linecap:round}
.burst{fill:#ff9f1a;stroke:${FAIL};stroke-width:1.2}
.an{font-size:10.5px;font-weight:bold;text-anchor:middle;stroke:#fff;stroke-width:2.6px;paint-order:stroke;stroke-linejoin:round}
.ld{stroke:#333;stroke-width:1;fill:none}
.ldo{fill:#333}
.st0{stroke:#fff;stroke-width:3.2;fill:none;stroke-opacity:.8}
.st1{stroke:#222;stroke-width:1.6;fill:none;stroke-dasharray:5 3}
.h1{font-size:19px;font-weight:bold;fill:#fff}
.h2{font-size:15px;fill:#e8e8e8;text-anchor:end}
.lt{font-size:13px;font-weight:bold;fill:${INK}}
.lg{font-size:12.5px;fill:${INK}}
.lr{font-size:11px;fill:#333;text-anchor:end}
.lk{font-size:11.5px;fill:#333}
.ln{font-size:11px;fill:#8a2b06}
.gr{fill:#999}
</style>`;
}

/** Everything drawn for one land territory's label, as variants from richest to leanest. */
function landVariants(kind: string, name: string, armies: number, outline: string, scale: number, schematicFill?: string): Variant[] {
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
          marker(kind, nx0 + mw / 2 - 1, ny - fn * 0.36, fn) +
          `<text x="${f(nx0 + mw)}" y="${f(ny)}" font-size="${f(fn)}" fill="${txt}">${esc(name)}</text>` +
          (badge(cnt, cx, y0 + h - 5 - ph / 2, pw, ph, fc, '#ffffff', 0.5), '');
      } });
      continue;
    }
    const w = Math.max(nameW, pw), h = fn + 1 + ph;
    out.push({ w, h, tier, draw: (cx, cy) => {
      const y0 = cy - h / 2;
      const ny = y0 + fn * 0.86;
      const nx0 = cx - nameW / 2;
      marker(kind, nx0 + mw / 2 - 1, ny - fn * 0.36, fn);
      badge(cnt, cx, y0 + fn + 1 + ph / 2, pw, ph, fc, outline);
      return nameText(`<text class="nm" x="${f(nx0 + mw)}" y="${f(ny)}" font-size="${f(fn)}">${esc(name)}</text>`,
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
    marker(kind, x0 + mw / 2, cy, fc);
    badge(cnt, x0 + w - pw / 2, cy, pw, ph, fc, schematicFill ?? outline, schematicFill ? 2 : 1);
    return '';
  } });
  return out;
}

function chipsRow(stacks: [string, number][], map: GameMap, fs: number): { w: number; h: number; draw: (x0: number, cy: number) => string } {
  const widths = stacks.map(([, n]) => countW(n, fs) + 9);
  const w = widths.reduce((a, b) => a + b, 0) + Math.max(0, stacks.length - 1) * 3, h = fs + 5;
  return { w, h, draw: (x0, cy) => {
    let s = '', x = x0;
    stacks.forEach(([c, n], i) => {
      const col = map.country.get(c)?.color ?? '#555';
      s += `<rect x="${f(x)}" y="${f(cy - h / 2)}" width="${f(widths[i]!)}" height="${f(h)}" rx="3" fill="${col}" stroke="#fff" stroke-width="1"/>` +
        '';
      count(n, x + widths[i]! / 2, cy, fs, textOn(col));
      x += widths[i]! + 3;
    });
    return s;
  } };
}

function seaVariants(name: string, stacks: [string, number][], map: GameMap, scale: number): Variant[] {
  const out: Variant[] = [];
  for (const [s0, tier] of [[1, 'full'], [0.85, 'small']] as const) {
    const fn = 11.5 * s0 * scale, fs = 11 * s0 * scale;
    const nw = textWidth(name, fn);
    const chips = stacks.length ? chipsRow(stacks, map, fs) : null;
    const w = Math.max(nw, chips?.w ?? 0), h = fn + (chips ? chips.h + 2 : 0);
    out.push({ w, h, tier, draw: (cx, cy) => {
      const y0 = cy - h / 2;
      // The halo stroke (2.4 px) and the italic slant reach past the advance box.
      let s = nameText(`<text class="sea" x="${f(cx)}" y="${f(y0 + fn * 0.86)}" font-size="${f(fn)}">${esc(name)}</text>`,
        { x0: cx - nw / 2 - 2, y0: y0 - fn * 0.1 - 1.5, x1: cx + nw / 2 + 2, y1: y0 + fn * 1.16 + 1.5 });
      if (chips) s += chips.draw(cx - chips.w / 2, y0 + fn + 2 + chips.h / 2);
      return s;
    } });
  }
  if (stacks.length) {
    const chips = chipsRow(stacks, map, 10.5 * scale);
    out.push({ w: chips.w, h: chips.h, tier: 'compact', draw: (cx, cy) => chips.draw(cx - chips.w / 2, cy) });
  }
  return out;
}

function arsenalVariants(country: string, n: number, map: GameMap, lang: Lang, scale: number): Variant[] {
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
        (count(n, x0 + tw + 6 + (w - tw - 6) / 2, cy, fs), '');
    } });
  }
  return out;
}

/** Which region (by name) contains a point of the map, for the "see region zoom" note. */
function regionAt(map: GameMap, p: Pt, lang: Lang): string | null {
  const r = map.regions.find((g) => p[0] >= g.bbox[0] && p[0] <= g.bbox[2] && p[1] >= g.bbox[1] && p[1] <= g.bbox[3]);
  return r ? (lang === 'en' ? r.name.en : r.name.zh) : null;
}

/** Label requests for every territory in view, most important first. */
function labelRequests(map: GameMap, state: GameState, geo: MapGeo, v: View, lang: Lang, schematic: boolean): { reqs: LabelReq[]; info: Map<string, { name: string; armies: number | null }> } {
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
      const outline = owner ? darker(map.country.get(owner)?.color ?? '#666', 0.2) : '#777';
      info.set(t.id, { name, armies });
      reqs.push({ id: t.id, ax, ay, variants: landVariants(t.kind, name, armies, schematic ? darker(fill, 0.45) : outline, scale, schematic ? fill : undefined), leader: true, home });
    } else if (t.kind === 'sea') {
      const ss = state.territories[t.id] as SeaState | undefined;
      const stacks = Object.entries(ss?.stacks ?? {}).filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1]);
      info.set(t.id, { name, armies: stacks.length ? stacks.reduce((s, [, n]) => s + n, 0) : null });
      if (schematic) continue; // drawn as an ellipse with its chips
      reqs.push({ id: t.id, ax, ay, variants: seaVariants(name, stacks, map, scale), leader: stacks.length > 0, home });
    } else if (t.kind === 'arsenal' && t.owner) {
      const n = state.arsenals?.[t.owner] ?? 0;
      info.set(t.id, { name, armies: n });
      reqs.push({ id: t.id, ax, ay, variants: arsenalVariants(t.owner, n, map, lang, scale), leader: true, home: null });
    }
  }
  return { reqs, info };
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
  stampSink = stamps;
  try {
    const r = render(map, state, opts, 'top');
    const region = opts.region ? findRegion(map, opts.region) : null;
    return { ...r, frame: shapedFrame(geo, region, opts), stamps };
  } finally {
    stampSink = null;
  }
}

function render(map: GameMap, state: GameState, opts: MapRenderOptions, layer: 'full' | 'top'): MapRender {
  const lang: Lang = opts.lang ?? ((state.settings?.language as Lang | undefined) ?? 'zh');
  const geo = mapGeometry(map);
  const region = opts.region ? findRegion(map, opts.region) : null;
  if (opts.region && !region) throw new Error(`unknown region "${opts.region}" (known: ${map.regions.map((r) => r.id).join(', ') || 'none'})`);
  ink = new Ink();
  snap = geo.shaped;
  try {
    return geo.shaped ? renderShaped(map, state, geo, lang, region, opts, layer) : renderSchematic(map, state, geo, lang, region, opts);
  } finally {
    ink = new Ink();
    snap = false;
  }
}

function viewFor(bounds: [number, number, number, number], W: number, H: number, top: number, right: number): View {
  const [x0, y0, x1, y1] = bounds;
  const vw = x1 - x0, vh = y1 - y0;
  const mw = W - right, mh = H - top;
  const k = Math.min(mw / vw, mh / vh);
  return { vx0: x0, vy0: y0, vw, vh, mx: 0, my: top, mw, mh, k, ox: (mw - vw * k) / 2, oy: top + (mh - vh * k) / 2 };
}

function captured(state: GameState): Set<string> {
  const s = new Set<string>();
  for (const e of state.lastEvents ?? []) if (e.type === 'capture') s.add(e.territory);
  return s;
}

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

export function shapedFrame(geo: MapGeo, region: ReturnType<typeof findRegion>, opts: MapRenderOptions): ShapedFrame {
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

/**
 * `layer: 'full'` is the whole picture as one SVG; `'top'` leaves out what the layered PNG path draws
 * from its caches (the sea background, owner fills, the static lines and the thick borders), on a
 * transparent canvas.
 */
function renderShaped(map: GameMap, state: GameState, geo: MapGeo, lang: Lang, region: ReturnType<typeof findRegion>, opts: MapRenderOptions, layer: 'full' | 'top' = 'full'): MapRender {
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
  const { reqs, info } = labelRequests(map, state, geo, v, lang, false);
  const minimal = region !== null;
  const provisional = legendBox(map, state, lang, [], map.straits.size > 0, 1, minimal);
  const weight = (id: string) => {
    const t = map.territory.get(id)!;
    if (t.kind !== 'sea') return 1;
    return Object.values((state.territories[id] as SeaState | undefined)?.stacks ?? {}).some((n) => n > 0) ? 1 : 0.4;
  };
  const dropList = (ids: string[]): DroppedLabel[] => ids.map((id) => ({
    id, name: info.get(id)?.name ?? id, armies: info.get(id)?.armies ?? null,
    region: region ? null : regionAt(map, geo.terr.get(id)!.pos, lang),
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
    const color = map.country.get(a.country)?.color ?? '#555';
    const r = arrowSvg(a, p, q, color, occ, mapRect);
    arrowParts.push(r.svg);
    if (r.label) arrowLabels.push(r.label);
    if (r.dropped) droppedArrowLabels++;
  }
  parts.push(arrowParts.join(''));
  parts.push(placed.draw(), arrowLabels.join(''), ink.svg());
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

function renderSchematic(map: GameMap, state: GameState, geo: MapGeo, lang: Lang, region: ReturnType<typeof findRegion>, opts: MapRenderOptions): MapRender {
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
    const chips = stacks.length ? chipsRow(stacks, map, 12 * S) : null;
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
    else if (ka === 'arsenal' || kc === 'arsenal') ars.push(d);
    else if (ka === 'sea' || kc === 'sea') seaE.push(d);
    else land.push(d);
  }
  parts.push(`<path d="${seaE.join('')}" stroke="#6f9ccc" stroke-width="2.2" stroke-dasharray="7 4" fill="none"/>`);
  parts.push(`<path d="${land.join('')}" stroke="#8b8272" stroke-width="2.6" fill="none"/>`);
  parts.push(`<path d="${ars.join('')}" stroke="#8b8272" stroke-width="1.6" stroke-dasharray="2 3" fill="none"/>`);
  if (strait.length) parts.push(`<path class="st0" d="${strait.join('')}" stroke-width="4.5"/><path class="st1" d="${strait.join('')}" stroke-width="2.2"/>`);
  parts.push(seaSvg.join(''));
  const { reqs, info } = labelRequests(map, state, geo, v, lang, true);
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
    const r = arrowSvg(a, p, q, map.country.get(a.country)?.color ?? '#555', occ, mapRect);
    arrowParts.push(r.svg, r.label ?? '');
    if (r.dropped) droppedArrowLabels++;
  }
  parts.push(arrowParts.join(''), ink.svg(), '</g>');
  const dropped: DroppedLabel[] = placed.dropped.map((id) => ({
    id, name: info.get(id)?.name ?? id, armies: info.get(id)?.armies ?? null,
    region: region ? null : regionAt(map, geo.terr.get(id)!.pos, lang),
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
