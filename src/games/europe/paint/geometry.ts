import { isLandKind, type GameMap } from '../map/index.ts';
import { r1 } from '../../../platform/render/text.ts';

export type Pt = [number, number];
export type BBox = [number, number, number, number];

/** What the renderer knows about one territory, computed once per map. */
export interface TerrGeo {
  id: string;
  kind: string;
  /** Label anchor in map coordinates: the map's `pos`, else the shape's centroid, else near its neighbours. */
  pos: Pt;
  /** The SVG path as given (map pixel space), or null. */
  shape: string | null;
  /** The shape rebuilt from simplified borders (shared exactly with the neighbours), for the full map. */
  fill?: string;
  /** The same at finer detail, for region zooms. */
  fillZoom?: string;
  bbox: BBox | null;
  area: number;
}

/** A run of boundary between two territories (or one territory and the outside), as an SVG path. */
export interface Arc {
  a: string;
  /** The other side, or null for the outside of every shape. */
  b: string | null;
  d: string;
  kind: 'land' | 'coast' | 'sea';
}

export interface MapGeo {
  /** True when land territories have shapes: a real map; false: draw the schematic. */
  shaped: boolean;
  terr: Map<string, TerrGeo>;
  arcs: Arc[];
  arcsZoom: Arc[];
  /** Map extent in map coordinates (size, else the union of shapes and positions). */
  bounds: BBox;
  /** Edge list for the schematic and for arrows: [a, b, strait]. */
  edges: [string, string, boolean][];
}

const cache = new WeakMap<GameMap, MapGeo>();

/** Per-map geometry, computed once and kept as long as the GameMap lives (the static part of every render). */
export function mapGeometry(map: GameMap): MapGeo {
  let g = cache.get(map);
  if (!g) {
    g = computeGeometry(map);
    cache.set(map, g);
  }
  return g;
}

const TOKEN = /[MmLlHhVvCcSsQqTtAaZz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/g;

/**
 * Parses an SVG path into rings of points. Curves are reduced to their end points: good enough for
 * bounding boxes, centroids and border runs (the fill still uses the exact path).
 */
export function parsePathRings(d: string): Pt[][] {
  const toks = d.match(TOKEN) ?? [];
  const rings: Pt[][] = [];
  let ring: Pt[] = [];
  let i = 0;
  let cmd = '';
  let x = 0, y = 0, sx = 0, sy = 0;
  const num = () => Number(toks[i++]);
  const closeRing = () => {
    if (ring.length > 1) rings.push(ring);
    ring = [];
  };
  const argc: Record<string, number> = { m: 2, l: 2, h: 1, v: 1, c: 6, s: 4, q: 4, t: 2, a: 7, z: 0 };
  while (i < toks.length) {
    const t = toks[i]!;
    if (/[A-Za-z]/.test(t)) {
      cmd = t;
      i++;
      if (cmd === 'z' || cmd === 'Z') {
        x = sx; y = sy;
        closeRing();
        continue;
      }
    }
    const lc = cmd.toLowerCase();
    const n = argc[lc];
    if (n === undefined || n === 0 || i + n > toks.length) break;
    const rel = cmd === lc;
    let nx = x, ny = y;
    if (lc === 'h') nx = (rel ? x : 0) + num();
    else if (lc === 'v') ny = (rel ? y : 0) + num();
    else {
      for (let k = 0; k < n - 2; k++) num();
      nx = (rel ? x : 0) + num();
      ny = (rel ? y : 0) + num();
    }
    if (lc === 'm') {
      closeRing();
      sx = nx; sy = ny;
      ring.push([nx, ny]);
      cmd = rel ? 'l' : 'L'; // further pairs after M are line-tos
    } else {
      ring.push([nx, ny]);
    }
    x = nx; y = ny;
  }
  closeRing();
  // Drop a closing point equal to the first.
  for (const r of rings) {
    const f = r[0]!, l = r[r.length - 1]!;
    if (r.length > 2 && f[0] === l[0] && f[1] === l[1]) r.pop();
  }
  return rings;
}

function ringArea(r: Pt[]): number {
  let s = 0;
  for (let i = 0; i < r.length; i++) {
    const [x1, y1] = r[i]!, [x2, y2] = r[(i + 1) % r.length]!;
    s += x1 * y2 - x2 * y1;
  }
  return s / 2;
}

function ringCentroid(r: Pt[]): Pt {
  let a = 0, cx = 0, cy = 0;
  for (let i = 0; i < r.length; i++) {
    const [x1, y1] = r[i]!, [x2, y2] = r[(i + 1) % r.length]!;
    const f = x1 * y2 - x2 * y1;
    a += f; cx += (x1 + x2) * f; cy += (y1 + y2) * f;
  }
  if (Math.abs(a) < 1e-9) {
    const n = r.length;
    return [r.reduce((s, p) => s + p[0], 0) / n, r.reduce((s, p) => s + p[1], 0) / n];
  }
  return [cx / (3 * a), cy / (3 * a)];
}

const pkey = (p: Pt) => `${Math.round(p[0] * 20)},${Math.round(p[1] * 20)}`;

function computeGeometry(map: GameMap): MapGeo {
  const terr = new Map<string, TerrGeo>();
  const ringsOf = new Map<string, Pt[][]>();
  let minx = Infinity, miny = Infinity, maxx = -Infinity, maxy = -Infinity;
  const grow = (x: number, y: number) => {
    if (x < minx) minx = x; if (y < miny) miny = y; if (x > maxx) maxx = x; if (y > maxy) maxy = y;
  };
  for (const t of map.territories) {
    let bbox: BBox | null = null;
    let area = 0;
    let pos: Pt | null = t.pos ? [t.pos[0], t.pos[1]] : null;
    if (t.shape) {
      const rings = parsePathRings(t.shape);
      ringsOf.set(t.id, rings);
      let bx0 = Infinity, by0 = Infinity, bx1 = -Infinity, by1 = -Infinity;
      let best: Pt[] | null = null, bestA = 0;
      for (const r of rings) {
        const a = Math.abs(ringArea(r));
        area += a;
        if (a > bestA) { bestA = a; best = r; }
        for (const [x, y] of r) {
          if (x < bx0) bx0 = x; if (y < by0) by0 = y; if (x > bx1) bx1 = x; if (y > by1) by1 = y;
        }
      }
      if (rings.length) {
        bbox = [bx0, by0, bx1, by1];
        grow(bx0, by0); grow(bx1, by1);
      }
      if (!pos && best) pos = ringCentroid(best);
    }
    if (pos) grow(pos[0], pos[1]);
    terr.set(t.id, { id: t.id, kind: t.kind, pos: pos ?? [NaN, NaN], shape: t.shape ?? null, bbox, area });
  }
  // Territories without any position (allowed by the format): put them at the mean of placed neighbours.
  for (let pass = 0; pass < 3; pass++) {
    for (const g of terr.values()) {
      if (!Number.isNaN(g.pos[0])) continue;
      const ns = [...(map.adj.get(g.id) ?? [])].map((n) => terr.get(n)!.pos).filter((p) => !Number.isNaN(p[0]));
      if (ns.length) g.pos = [ns.reduce((s, p) => s + p[0], 0) / ns.length + 14, ns.reduce((s, p) => s + p[1], 0) / ns.length + 14];
    }
  }
  for (const g of terr.values()) if (Number.isNaN(g.pos[0])) g.pos = [0, 0];
  const landShapes = map.territories.filter((t) => isLandKind(t.kind) && t.shape).length;
  const shaped = landShapes > 0 && landShapes >= map.landIds.length / 2;
  if (!Number.isFinite(minx)) { minx = 0; miny = 0; maxx = 100; maxy = 100; }
  let bounds: BBox;
  if (shaped && map.file.size) bounds = [0, 0, map.file.size[0], map.file.size[1]];
  else {
    const pad = shaped ? 0 : 60;
    bounds = [minx - pad, miny - pad, maxx + pad, maxy + pad];
  }
  const edges: [string, string, boolean][] = [];
  for (const e of map.file.edges) edges.push([e[0], e[1], e[2] === 'strait']);
  const bw = bounds[2] - bounds[0];
  // Two levels of detail: ~1.2 px at a 1600 px wide rendering of the whole map (barely visible, and
  // half the points: strokes are the costliest part of a render), and 0.35 px for region zooms (2–4×).
  const none = { arcs: [] as Arc[], fills: new Map<string, string>() };
  const full = shaped ? computeArcs(map, ringsOf, (bw / 1600) * 1.2) : none;
  const zoom = shaped ? computeArcs(map, ringsOf, (bw / 1600) * 0.35) : none;
  for (const [id, d] of full.fills) terr.get(id)!.fill = d;
  for (const [id, d] of zoom.fills) terr.get(id)!.fillZoom = d;
  return { shaped, terr, arcs: full.arcs, arcsZoom: zoom.arcs, bounds, edges };
}

/** Douglas–Peucker: keeps the end points and every point farther than `eps` from the simplified line. */
export function simplify(pts: Pt[], eps: number): Pt[] {
  if (pts.length <= 2) return pts;
  const keep = new Uint8Array(pts.length);
  keep[0] = 1;
  keep[pts.length - 1] = 1;
  const stack: [number, number][] = [[0, pts.length - 1]];
  const e2 = eps * eps;
  while (stack.length) {
    const [i, j] = stack.pop()!;
    const [ax, ay] = pts[i]!, [bx, by] = pts[j]!;
    const dx = bx - ax, dy = by - ay;
    const L2 = dx * dx + dy * dy;
    let best = -1, bestD = e2;
    for (let k = i + 1; k < j; k++) {
      const [px, py] = pts[k]!;
      let d2: number;
      if (L2 === 0) d2 = (px - ax) ** 2 + (py - ay) ** 2;
      else {
        const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / L2));
        d2 = (px - ax - t * dx) ** 2 + (py - ay - t * dy) ** 2;
      }
      if (d2 > bestD) { bestD = d2; best = k; }
    }
    if (best >= 0) {
      keep[best] = 1;
      stack.push([i, best], [best, j]);
    }
  }
  return pts.filter((_, k) => keep[k]);
}

/**
 * Splits every shape's outline into runs by what lies on the other side. Maps generated from one topology
 * (topojson) share vertices exactly along common borders, so a segment used by two shapes is their border;
 * a segment used by one is coast or map edge. Each run is simplified once, in a canonical direction, so
 * both neighbours get the very same points (no slivers), and the full-map fills are rebuilt from the
 * simplified runs: a lighter drawing with the topology intact. Each border is emitted once, so per state
 * we only pick its style.
 */
function computeArcs(map: GameMap, ringsOf: Map<string, Pt[][]>, eps: number): { arcs: Arc[]; fills: Map<string, string> } {
  const segOwners = new Map<string, string[]>();
  const skey = (p: Pt, q: Pt) => {
    const a = pkey(p), b = pkey(q);
    return a < b ? `${a}|${b}` : `${b}|${a}`;
  };
  for (const [id, rings] of ringsOf) {
    for (const r of rings) {
      for (let i = 0; i < r.length; i++) {
        const k = skey(r[i]!, r[(i + 1) % r.length]!);
        const l = segOwners.get(k);
        if (l) { if (!l.includes(id)) l.push(id); } else segOwners.set(k, [id]);
      }
    }
  }
  const simplified = new Map<string, Pt[]>();
  const simplifyRun = (pts: Pt[]): Pt[] => {
    const a = pkey(pts[0]!), b = pkey(pts[pts.length - 1]!);
    const fwd = a < b || (a === b && pkey(pts[1]!) <= pkey(pts[pts.length - 2]!));
    const canon = fwd ? pts : [...pts].reverse();
    const key = canon.length + ':' + canon.map(pkey).join(';');
    let out = simplified.get(key);
    if (!out) {
      // A closed run (an island, an enclave) keeps at least a triangle.
      out = simplify(canon, eps);
      if (a === b && out.length < 4) out = canon.length <= 4 ? canon : [canon[0]!, canon[Math.floor(canon.length / 3)]!, canon[Math.floor((2 * canon.length) / 3)]!, canon[canon.length - 1]!];
      simplified.set(key, out);
    }
    return fwd ? out : [...out].reverse();
  };
  const kindOf = (id: string | null) => (id ? map.territory.get(id)!.kind : null);
  const arcs: Arc[] = [];
  const fills = new Map<string, string>();
  const fmt = (pts: Pt[]) => pts.map((p) => `${r1(p[0])} ${r1(p[1])}`).join('L');
  for (const [id, rings] of ringsOf) {
    let fill = '';
    for (const r of rings) {
      const n = r.length;
      const others = r.map((_, i) => {
        const l = segOwners.get(skey(r[i]!, r[(i + 1) % n]!))!;
        return l.find((x) => x !== id) ?? null;
      });
      // Start where the neighbour changes, so runs are not split at the ring's first point; a ring with
      // one neighbour all round starts at its smallest point, the same vertex its neighbour starts at.
      let start = -1;
      for (let i = 0; i < n; i++) if (others[i] !== others[(i - 1 + n) % n]) { start = i; break; }
      if (start < 0) {
        start = 0;
        for (let i = 1; i < n; i++) if (pkey(r[i]!) < pkey(r[start]!)) start = i;
      }
      const ringPts: Pt[] = [];
      let i = 0;
      while (i < n) {
        const idx = (start + i) % n;
        const o = others[idx]!;
        const pts: Pt[] = [r[idx]!];
        let j = i;
        while (j < n && others[(start + j) % n] === o) {
          pts.push(r[(start + j + 1) % n]!);
          j++;
        }
        i = j;
        const simple = simplifyRun(pts);
        for (let k = ringPts.length ? 1 : 0; k < simple.length; k++) ringPts.push(simple[k]!);
        if (!(o === null || id < o)) continue;
        const ka = kindOf(id), kb = kindOf(o);
        const seaA = ka === 'sea', seaB = kb === 'sea';
        let kind: Arc['kind'];
        if (seaA && (seaB || o === null)) {
          if (o === null) continue; // open water at the map edge: no line
          kind = 'sea';
        } else if (seaA || seaB || o === null) kind = 'coast';
        else kind = 'land';
        // Inside one owner's land both sides have the same colour, so the thin line may stray further.
        arcs.push({ a: id, b: o, d: 'M' + fmt(simple), kind });
      }
      if (ringPts.length > 2) fill += 'M' + fmt(ringPts.slice(0, -1)) + 'Z';
    }
    fills.set(id, fill);
  }
  return { arcs, fills };
}

/** The point on the way from a to b at distance `d` from a (for shortening arrows). */
export function along(a: Pt, b: Pt, d: number): Pt {
  const dx = b[0] - a[0], dy = b[1] - a[1];
  const L = Math.hypot(dx, dy) || 1;
  return [a[0] + (dx / L) * d, a[1] + (dy / L) * d];
}
