/**
 * One render's drawing context and the marks drawn through it: army counts, count badges, capital and
 * city markers, names. A render creates its context and passes it down, so two renders (interleaved
 * async ones included) never share a buffer, a stamp list or a snapping rule.
 */
import { digitPath, digitsWidth, r1 as f } from '../../../platform/render/text.ts';
import { INK } from './colors.ts';
import type { Rect } from './labels.ts';

/**
 * Shapes gathered while labels are drawn and emitted as a few merged <path> elements: army counts in the
 * path digit font, count pills, capital stars, city rings. One path of 300 pieces costs librsvg a fraction
 * of 300 elements.
 */
export class Ink {
  private groups = new Map<string, string[]>();
  add(key: string, d: string): void {
    const g = this.groups.get(key);
    if (g) g.push(d); else this.groups.set(key, [d]);
  }
  svg(): string {
    const out: string[] = [];
    const order = (k: string) => (k.startsWith('p|') ? 0 : k === 'star' || k === 'city' || k === 'pip' ? 1 : 2);
    for (const [k, ds] of [...this.groups].sort((a, b) => order(a[0]) - order(b[0]))) {
      const d = ds.join('');
      if (k === 'star') out.push(`<path class="star" d="${d}"/>`);
      else if (k === 'city') out.push(`<path class="city" d="${d}"/>`);
      else if (k === 'pip') out.push(`<path d="${d}" ${PIP}/>`);
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

/**
 * Something drawn at an anchor that recurs state after state (a name, a count badge, a capital star), for
 * the layered path's pixel cache: `key` says what it looks like relative to its anchor (x, y), `box`
 * (relative to the anchor) bounds its ink, and `svg(x, y)` draws it with the anchor at (x, y).
 */
export interface Stamp { key: string; x: number; y: number; box: Rect; svg: (x: number, y: number) => string }

/** What one render draws with; created per render by drawContext. */
export interface DrawContext {
  /** The merged paths of this render (drawn into its SVG by the caller, once labels and arrows are done). */
  readonly ink: Ink;
  /**
   * Where stamps go while a dynamic layer is drawn: collected for the layered path (which draws them from
   * cached pixels, last, in order) instead of being written into the SVG. Null: they go into the SVG.
   */
  readonly stamps: Stamp[] | null;
  /**
   * Shaped maps put count badges and markers on whole pixels, so that each looks the same wherever it is
   * and its pixels can be reused (the full SVG does the same, so both paths draw the same picture).
   */
  readonly snap: boolean;
}

export function drawContext(snap: boolean, stamps: Stamp[] | null = null): DrawContext {
  return { ink: new Ink(), stamps, snap };
}

/** A territory or sea-zone name: a stamp keyed by its element (which carries its place); `box` is absolute. */
export function nameText(dc: DrawContext, el: string, box: Rect): string {
  if (!dc.stamps) return el;
  dc.stamps.push({ key: el, x: 0, y: 0, box, svg: (x, y) => (x || y ? `<g transform="translate(${x} ${y})">${el}</g>` : el) });
  return '';
}

/** An army count in the path digit font, centred at (cx, cy). */
export function count(dc: DrawContext, n: number | string, cx: number, cy: number, size: number, color = INK): void {
  dc.ink.add(`d|${color}|${f(size * 0.125)}`, digitPath(String(n), cx, cy, size));
}
export const countW = (n: number | string, size: number) => digitsWidth(String(n), size);

function pillD(x: number, y: number, w: number, h: number): string {
  const r = h / 2;
  return `M${f(x + r)} ${f(y)}H${f(x + w - r)}A${f(r)} ${f(r)} 0 0 1 ${f(x + w - r)} ${f(y + h)}H${f(x + r)}A${f(r)} ${f(r)} 0 0 1 ${f(x + r)} ${f(y)}Z`;
}

/** A count in its pill (w × h, outlined in `stroke`), centred at (bx, by). */
export function badge(dc: DrawContext, cnt: string, bx: number, by: number, w: number, h: number, size: number, stroke: string, sw = 1): void {
  if (dc.snap) { bx = Math.round(bx); by = Math.round(by); }
  if (dc.stamps) {
    const e = sw / 2 + 1;
    dc.stamps.push({
      key: `b|${cnt}|${size}|${w}|${h}|${stroke}|${sw}`, x: bx, y: by, box: { x0: -w / 2 - e, y0: -h / 2 - e, x1: w / 2 + e, y1: h / 2 + e },
      svg: (x, y) => `<path class="pill" d="${pillD(x - w / 2, y - h / 2, w, h)}" stroke="${stroke}" stroke-width="${sw}"/>` +
        `<path d="${digitPath(cnt, x, y, size)}" fill="none" stroke="${INK}" stroke-width="${f(size * 0.125)}" stroke-linecap="round" stroke-linejoin="round"/>`,
    });
    return;
  }
  dc.ink.add(`p|${stroke}|${sw}`, pillD(bx - w / 2, by - h / 2, w, h));
  count(dc, cnt, bx, by, size);
}

export function starPath(cx: number, cy: number, R: number): string {
  let d = '';
  for (let i = 0; i < 10; i++) {
    const r = i % 2 === 0 ? R : R * 0.45;
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    d += `${i ? 'L' : 'M'}${f(cx + Math.cos(a) * r)} ${f(cy + Math.sin(a) * r)}`;
  }
  return d + 'Z';
}

/** Value pips (a game's look, MapLook.marker 'v1' … 'v3'): dark dots with a white rim, readable on any fill. */
const PIP = 'fill="#1d1d1d" stroke="#fff" stroke-width="0.7"';
const pipCount = (kind: string): number => (kind === 'v1' ? 1 : kind === 'v2' ? 2 : kind === 'v3' ? 3 : 0);

function circleD(x: number, y: number, r: number): string {
  return `M${f(x - r)} ${f(y)}A${f(r)} ${f(r)} 0 1 0 ${f(x + r)} ${f(y)}A${f(r)} ${f(r)} 0 1 0 ${f(x - r)} ${f(y)}Z`;
}

/** Capital ★ (R1.1), city ● or 1–3 value pips ('v1' … 'v3') centred at (cx, cy) for font size s; '' for other kinds. */
export function marker(dc: DrawContext, kind: string, cx: number, cy: number, s: number): string {
  const pips = pipCount(kind);
  if (kind !== 'capital' && kind !== 'city' && !pips) return '';
  if (dc.snap) { cx = Math.round(cx); cy = Math.round(cy); }
  if (pips) {
    const r = s * 0.17, step = s * 0.42;
    const d = (x: number, y: number) => Array.from({ length: pips }, (_, i) => circleD(x + (i - (pips - 1) / 2) * step, y, r)).join('');
    if (dc.stamps) {
      const ex = ((pips - 1) / 2) * step + r + 2, ey = r + 2;
      dc.stamps.push({ key: `m|${kind}|${s}`, x: cx, y: cy, box: { x0: -ex, y0: -ey, x1: ex, y1: ey }, svg: (x, y) => `<path d="${d(x, y)}" ${PIP}/>` });
    } else dc.ink.add('pip', d(cx, cy));
    return '';
  }
  const d = (x: number, y: number) => {
    if (kind === 'capital') return starPath(x, y, s * 0.62);
    const r = s * 0.3;
    return `M${f(x - r)} ${f(y)}A${f(r)} ${f(r)} 0 1 0 ${f(x + r)} ${f(y)}A${f(r)} ${f(r)} 0 1 0 ${f(x - r)} ${f(y)}Z`;
  };
  if (dc.stamps) {
    const e = s * 0.62 + 2;
    dc.stamps.push({ key: `m|${kind}|${s}`, x: cx, y: cy, box: { x0: -e, y0: -e, x1: e, y1: e }, svg: (x, y) => `<path class="${kind === 'capital' ? 'star' : 'city'}" d="${d(x, y)}"/>` });
  } else dc.ink.add(kind === 'capital' ? 'star' : 'city', d(cx, cy));
  return '';
}
export const markerW = (kind: string, s: number) => (kind === 'capital' ? s * 1.3 : kind === 'city' ? s * 0.8 : pipCount(kind) ? pipCount(kind) * s * 0.42 + s * 0.12 : 0);
