/**
 * Label placement: no label may cover another, and none disappears silently. Each label offers variants
 * (full, then smaller, then compact), each tried at positions around its anchor; then a leader line to a
 * free spot nearby; what still does not fit is reported as dropped so the caller can list it ("see the
 * region zoom") and a test can assert nothing vanished unnoticed.
 */

export interface Rect { x0: number; y0: number; x1: number; y1: number }

export const rect = (cx: number, cy: number, w: number, h: number): Rect => ({ x0: cx - w / 2, y0: cy - h / 2, x1: cx + w / 2, y1: cy + h / 2 });

/** A uniform grid of placed rectangles: collision checks stay O(1) per label on a 200-territory map. */
export class Occupancy {
  private cells = new Map<number, Rect[]>();
  constructor(private cell = 48) {}
  private keys(r: Rect): number[] {
    const c = this.cell, out: number[] = [];
    const x0 = Math.floor(r.x0 / c), x1 = Math.floor(r.x1 / c), y0 = Math.floor(r.y0 / c), y1 = Math.floor(r.y1 / c);
    for (let x = x0; x <= x1; x++) for (let y = y0; y <= y1; y++) out.push((x + 1000) * 4096 + (y + 1000));
    return out;
  }
  add(r: Rect): void {
    for (const k of this.keys(r)) {
      const l = this.cells.get(k);
      if (l) l.push(r); else this.cells.set(k, [r]);
    }
  }
  hits(r: Rect): boolean {
    for (const k of this.keys(r)) {
      for (const o of this.cells.get(k) ?? []) {
        if (r.x0 < o.x1 && r.x1 > o.x0 && r.y0 < o.y1 && r.y1 > o.y0) return true;
      }
    }
    return false;
  }
}

/** One way to draw a label: its box size and a function that draws it centred at (cx, cy). */
export interface Variant {
  w: number;
  h: number;
  /** 'full' (everything), 'small' (same content, smaller type), 'compact' (essentials only). */
  tier: 'full' | 'small' | 'compact';
  draw: (cx: number, cy: number) => string;
}

export interface LabelReq {
  id: string;
  /** Screen point the label belongs to. */
  ax: number;
  ay: number;
  variants: Variant[];
  /** May this label move away on a leader line when nothing fits near its anchor? */
  leader: boolean;
  /** Soft bound the label's centre should stay in (the territory's box on screen); null: anywhere near. */
  home?: Rect | null;
}

export type Placement =
  | { id: string; mode: 'full' | 'small' | 'compact' | 'leader'; cx: number; cy: number; box: Rect }
  | { id: string; mode: 'dropped' };

export interface PlaceResult {
  /** Draws the placed labels (called once, for the layout that is kept: drawing may have side effects). */
  draw: () => string;
  placements: Placement[];
  dropped: string[];
}

/** Places labels in the order given (callers sort by importance) inside `bounds`, avoiding `occ`. */
export function placeLabels(reqs: LabelReq[], occ: Occupancy, bounds: Rect, pad = 1.5): PlaceResult {
  const out: (() => string)[] = [];
  const lines: string[] = [], dots: string[] = [];
  const placements: Placement[] = [];
  const dropped: string[] = [];
  const inside = (r: Rect) => r.x0 >= bounds.x0 && r.y0 >= bounds.y0 && r.x1 <= bounds.x1 && r.y1 <= bounds.y1;
  const free = (r: Rect) => inside(r) && !occ.hits(r);
  for (const q of reqs) {
    let done = false;
    for (const v of q.variants) {
      const dx = v.w / 2 + 3, dy = v.h / 2 + 2;
      const offs: [number, number][] = [
        [0, 0], [0, -dy * 0.6], [0, dy * 0.6], [dx * 0.6, 0], [-dx * 0.6, 0],
        [0, -dy * 1.2], [0, dy * 1.2], [dx * 1.1, 0], [-dx * 1.1, 0],
        [dx * 0.8, -dy * 0.9], [-dx * 0.8, -dy * 0.9], [dx * 0.8, dy * 0.9], [-dx * 0.8, dy * 0.9],
      ];
      for (const [ox, oy] of offs) {
        const cx = q.ax + ox, cy = q.ay + oy;
        if (q.home && (ox !== 0 || oy !== 0) && (cx < q.home.x0 || cx > q.home.x1 || cy < q.home.y0 || cy > q.home.y1)) continue;
        const r = rect(cx, cy, v.w + pad * 2, v.h + pad * 2);
        if (free(r)) {
          occ.add(r);
          out.push(() => v.draw(cx, cy));
          placements.push({ id: q.id, mode: v.tier, cx, cy, box: rect(cx, cy, v.w, v.h) });
          done = true;
          break;
        }
      }
      if (done) break;
    }
    if (done) continue;
    if (q.leader && q.variants.length) {
      const v = q.variants[q.variants.length - 1]!;
      search: for (const dist of [26, 38, 52, 68, 86]) {
        for (let a = 0; a < 16; a++) {
          const ang = (a / 16) * Math.PI * 2 - Math.PI / 2;
          const cx = q.ax + Math.cos(ang) * (dist + v.w / 2), cy = q.ay + Math.sin(ang) * (dist * 0.8 + v.h / 2);
          const r = rect(cx, cy, v.w + pad * 2, v.h + pad * 2);
          if (!free(r)) continue;
          occ.add(r);
          const [ex, ey] = edgePoint(cx, cy, v.w / 2, v.h / 2, q.ax, q.ay);
          lines.push(`M${f(q.ax)} ${f(q.ay)}L${f(ex)} ${f(ey)}`);
          dots.push(`M${f(q.ax - 2.2)} ${f(q.ay)}a2.2 2.2 0 1 0 4.4 0a2.2 2.2 0 1 0 -4.4 0Z`);
          out.push(() => v.draw(cx, cy));
          placements.push({ id: q.id, mode: 'leader', cx, cy, box: rect(cx, cy, v.w, v.h) });
          done = true;
          break search;
        }
      }
    }
    if (!done) {
      placements.push({ id: q.id, mode: 'dropped' });
      dropped.push(q.id);
    }
  }
  const leaders = lines.length ? `<path class="ld" d="${lines.join('')}"/><path class="ldo" d="${dots.join('')}"/>` : '';
  return { draw: () => leaders + out.map((d) => d()).join(''), placements, dropped };
}

/** Where the segment from a box's centre towards (px, py) leaves the box. */
function edgePoint(cx: number, cy: number, hw: number, hh: number, px: number, py: number): [number, number] {
  const dx = px - cx, dy = py - cy;
  const t = Math.min(Math.abs(dx) > 1e-6 ? hw / Math.abs(dx) : Infinity, Math.abs(dy) > 1e-6 ? hh / Math.abs(dy) : Infinity, 1);
  return [cx + dx * t, cy + dy * t];
}

const f = (n: number) => (Math.round(n * 10) / 10).toString();
