/**
 * Europe Duel's board (duel.md D1): the duel graph of a map file, territory values, the seeded neutral garrisons
 * and the fair capital draw. Pure: the only randomness is the seeded generator, drawn at setup in the order
 * D1.4 fixes.
 */
import type { GameMap } from '../europe/map/index.ts';
import { makeRng } from '../europe/rng.ts';

export type EdgeKind = 'land' | 'coast' | 'sea';

/** D1.1: land territories and sea zones, arsenals and their edges dropped; neighbours in id order. */
export interface DuelGraph {
  map: GameMap;
  /** Land territories in map file order (the garrison draw's order, D1.4). */
  land: string[];
  sea: string[];
  kind: Map<string, 'land' | 'sea'>;
  /** D1.2: land → 1, city → 2, capital → 3; sea zones have none. */
  value: Map<string, number>;
  landNbrs: Map<string, string[]>;
  nbrs: Map<string, string[]>;
  edgeKind(a: string, b: string): EdgeKind | null;
}

/** Id order of duel.md: strings compared by UTF-16 code units (JavaScript's `<`). */
export const byId = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

const VALUE: Record<string, number> = { land: 1, city: 2, capital: 3 };

/**
 * The duel graph as integers, for the per-turn code (helpers, bots, resolution; D11 B1–B3): node i is the i-th id
 * in id order, so comparing indices is comparing ids (D1's id order), and adjacency lists in CSR form keep the
 * graph's id order. Built once per graph.
 */
export interface GraphIndex {
  /** Every node id, in id order. */
  ids: string[];
  at: Map<string, number>;
  n: number;
  /** 1: land territory, 0: sea zone. */
  isLand: Uint8Array;
  /** D1.2 values (0 for sea zones). */
  value: Int32Array;
  /** landNbrs(i) = landAdj[landOff[i] .. landOff[i+1]), in id order. */
  landOff: Int32Array;
  landAdj: Int32Array;
  /** nbrs(i) = adj[off[i] .. off[i+1]), in id order. */
  off: Int32Array;
  adj: Int32Array;
  /** Land territories and sea zones, each in id order. */
  land: Int32Array;
  sea: Int32Array;
}

const indexes = new WeakMap<DuelGraph, GraphIndex>();

export function graphIndex(g: DuelGraph): GraphIndex {
  let ix = indexes.get(g);
  if (ix) return ix;
  const ids = [...g.kind.keys()].sort(byId);
  const at = new Map(ids.map((id, i) => [id, i]));
  const n = ids.length;
  const isLand = new Uint8Array(n);
  const value = new Int32Array(n);
  const csr = (lists: (id: string) => readonly string[]) => {
    const off = new Int32Array(n + 1);
    const adj: number[] = [];
    for (let i = 0; i < n; i++) {
      for (const m of lists(ids[i]!)) adj.push(at.get(m)!);
      off[i + 1] = adj.length;
    }
    return { off, adj: Int32Array.from(adj) };
  };
  for (let i = 0; i < n; i++) {
    isLand[i] = g.kind.get(ids[i]!) === 'land' ? 1 : 0;
    value[i] = g.value.get(ids[i]!) ?? 0;
  }
  const l = csr((id) => g.landNbrs.get(id) ?? []);
  const a = csr((id) => g.nbrs.get(id) ?? []);
  const land = Int32Array.from(ids.flatMap((id, i) => (isLand[i] ? [i] : [])));
  const sea = Int32Array.from(ids.flatMap((id, i) => (isLand[i] ? [] : [i])));
  ix = { ids, at, n, isLand, value, landOff: l.off, landAdj: l.adj, off: a.off, adj: a.adj, land, sea };
  indexes.set(g, ix);
  return ix;
}

const landDistTables = new WeakMap<DuelGraph, Map<number, Int32Array>>();

/** D1.6 landDist(x, ·) as a table over the index (−1: unreachable), one BFS per source and graph, then cached. */
export function landDistFrom(g: DuelGraph, x: number): Int32Array {
  let tables = landDistTables.get(g);
  if (!tables) {
    tables = new Map();
    landDistTables.set(g, tables);
  }
  let dist = tables.get(x);
  if (dist) return dist;
  const ix = graphIndex(g);
  dist = new Int32Array(ix.n).fill(-1);
  const queue = new Int32Array(ix.n);
  let qt = 0;
  dist[x] = 0;
  queue[qt++] = x;
  for (let qh = 0; qh < qt; qh++) {
    const h = queue[qh]!;
    for (let k = ix.landOff[h]!; k < ix.landOff[h + 1]!; k++) {
      const m = ix.landAdj[k]!;
      if (dist[m]! >= 0) continue;
      dist[m] = dist[h]! + 1;
      queue[qt++] = m;
    }
  }
  tables.set(x, dist);
  return dist;
}

/**
 * One duel graph per map object: the graph is plain geography, never changed after it is built, so every game on
 * the same loaded map shares it and the per-graph tables below (the index, distances, capital pairs) are built
 * once (D11 B3, B4).
 */
const graphs = new WeakMap<GameMap, DuelGraph>();

export function duelGraph(map: GameMap): DuelGraph {
  let g = graphs.get(map);
  if (!g) {
    g = buildDuelGraph(map);
    graphs.set(map, g);
  }
  return g;
}

function buildDuelGraph(map: GameMap): DuelGraph {
  const kind = new Map<string, 'land' | 'sea'>();
  const value = new Map<string, number>();
  const land: string[] = [];
  const sea: string[] = [];
  for (const t of map.territories) {
    if (t.kind === 'arsenal') continue;
    if (t.kind === 'sea') {
      kind.set(t.id, 'sea');
      sea.push(t.id);
    } else {
      kind.set(t.id, 'land');
      value.set(t.id, VALUE[t.kind] ?? 1);
      land.push(t.id);
    }
  }
  const nbrs = new Map<string, string[]>();
  const landNbrs = new Map<string, string[]>();
  for (const id of kind.keys()) {
    const all = [...(map.adj.get(id) ?? [])].filter((n) => kind.has(n)).sort(byId);
    nbrs.set(id, all);
    landNbrs.set(id, kind.get(id) === 'land' ? all.filter((n) => kind.get(n) === 'land') : []);
  }
  // D1.1 edge kinds, one lookup per pair (resolveMoves asks for every land move, D4.3).
  const kinds = new Map<string, Map<string, EdgeKind>>();
  for (const [a, ns] of nbrs) {
    const m = new Map<string, EdgeKind>();
    const ka = kind.get(a)!;
    for (const b of ns) {
      const kb = kind.get(b)!;
      m.set(b, ka === 'land' && kb === 'land' ? 'land' : ka === 'sea' && kb === 'sea' ? 'sea' : 'coast');
    }
    kinds.set(a, m);
  }
  const edgeKind = (a: string, b: string): EdgeKind | null => kinds.get(a)?.get(b) ?? null;
  return { map, land, sea, kind, value, landNbrs, nbrs, edgeKind };
}

/** Fewest edges from `from` to every node reached through `next` (BFS). */
function distances(from: string, next: (id: string) => readonly string[]): Map<string, number> {
  const dist = new Map<string, number>([[from, 0]]);
  const queue = [from];
  for (let i = 0; i < queue.length; i++) {
    const here = queue[i]!;
    const d = dist.get(here)!;
    for (const n of next(here)) {
      if (dist.has(n)) continue;
      dist.set(n, d + 1);
      queue.push(n);
    }
  }
  return dist;
}

/** The largest connected set of `ids` under `next` (ties: the one holding the smallest id). */
function largestComponent(ids: readonly string[], next: (id: string) => readonly string[]): Set<string> {
  const seen = new Set<string>();
  let best: string[] = [];
  for (const id of [...ids].sort(byId)) {
    if (seen.has(id)) continue;
    const comp = [...distances(id, next).keys()];
    for (const c of comp) seen.add(c);
    // Visited in id order, so the first component of the largest size is the one holding the smallest id.
    if (comp.length > best.length) best = comp;
  }
  return new Set(best);
}

/** The five settings of the capital draw (D1.6), with their defaults. */
export interface DrawSettings {
  capitalMinValue: number;
  capitalMinDistance: number;
  wealthRadius: number;
  wealthTolerance: number;
  shareTolerance: number;
}

export const DRAW_DEFAULTS: DrawSettings = { capitalMinValue: 2, capitalMinDistance: 8, wealthRadius: 2, wealthTolerance: 0.2, shareTolerance: 0.2 };

/** D1.6 `close(p, q, tol)`, integers only. */
export function close(p: number, q: number, tol: number): boolean {
  return Math.abs(p - q) * 1000 <= Math.round(tol * 1000) * Math.max(p, q);
}

/** What the capital draw measures of a map (D1.6). */
export interface Geography {
  mainland: Set<string>;
  mainSea: Set<string>;
  coastal(t: string): boolean;
  landDist(x: string, y: string): number;
  wealth(t: string): number;
  share(x: string, y: string): number;
}

export function geography(g: DuelGraph, wealthRadius = DRAW_DEFAULTS.wealthRadius): Geography {
  const landNext = (id: string) => g.landNbrs.get(id) ?? [];
  const mainland = largestComponent(g.land, landNext);
  const mainSea = largestComponent(g.sea, (id) => (g.nbrs.get(id) ?? []).filter((n) => g.kind.get(n) === 'sea'));
  const distCache = new Map<string, Map<string, number>>();
  const distFrom = (x: string) => {
    let d = distCache.get(x);
    if (!d) {
      d = distances(x, landNext);
      distCache.set(x, d);
    }
    return d;
  };
  const landDist = (x: string, y: string) => distFrom(x).get(y) ?? Infinity;
  const coastal = (t: string) => (g.nbrs.get(t) ?? []).some((n) => mainSea.has(n));
  const wealth = (t: string) => {
    let w = 0;
    for (const [u, d] of distFrom(t)) if (d >= 1 && d <= wealthRadius) w += g.value.get(u) ?? 0;
    return w;
  };
  const share = (x: string, y: string) => {
    let s = 0;
    for (const u of mainland) if (landDist(x, u) < landDist(y, u)) s += g.value.get(u) ?? 0;
    return s;
  };
  return { mainland, mainSea, coastal, landDist, wealth, share };
}

export interface CapitalPairs {
  /** Pairs [x, y] with x < y in id order, in draw order. */
  pairs: [string, string][];
  /** false: no pair met D1.6, these are D1.7's fallback pairs (the game cannot be rated). */
  fair: boolean;
}

/**
 * D1.6: "the list of qualifying pairs … is cached per map file and values of the five draw settings". The key is
 * the duel graph's content (node ids and kinds in file order, then each node's neighbours), so a map file loaded
 * again (every replay loads its own) finds its pairs (D11 B4: once ≤ 100 ms, then a draw ≤ 1 ms).
 */
const pairCache = new Map<string, CapitalPairs>();
const graphKeys = new WeakMap<DuelGraph, string>();

function graphKey(g: DuelGraph): string {
  let k = graphKeys.get(g);
  if (k === undefined) {
    const parts: string[] = [];
    for (const id of [...g.land, ...g.sea]) parts.push(`${id}:${g.kind.get(id)}:${g.value.get(id) ?? 0}:${(g.nbrs.get(id) ?? []).join(',')}`);
    k = parts.join('\n');
    graphKeys.set(g, k);
  }
  return k;
}

/** D1.6's qualifying pairs, or D1.7's fallback (same candidates, (a), (b) and landDist ≥ 2); cached (a fresh copy each call). */
export function capitalPairs(g: DuelGraph, s: DrawSettings = DRAW_DEFAULTS): CapitalPairs {
  const key = `${s.capitalMinValue}|${s.capitalMinDistance}|${s.wealthRadius}|${s.wealthTolerance}|${s.shareTolerance}\n${graphKey(g)}`;
  let found = pairCache.get(key);
  if (!found) {
    found = computeCapitalPairs(g, s);
    pairCache.set(key, found);
  }
  return { pairs: found.pairs.map(([x, y]) => [x, y]), fair: found.fair };
}

/** D1.6 computed afresh (what the cache holds; B4 times it). */
export function computeCapitalPairs(g: DuelGraph, s: DrawSettings = DRAW_DEFAULTS): CapitalPairs {
  const geo = geography(g, s.wealthRadius);
  const candidates = [...geo.mainland].filter((t) => (g.value.get(t) ?? 0) >= s.capitalMinValue).sort(byId);
  const fair: [string, string][] = [];
  const fallback: [string, string][] = [];
  for (let i = 0; i < candidates.length; i++) {
    for (let j = i + 1; j < candidates.length; j++) {
      const x = candidates[i]!;
      const y = candidates[j]!;
      if (g.value.get(x) !== g.value.get(y) || geo.coastal(x) !== geo.coastal(y)) continue;
      const d = geo.landDist(x, y);
      if (d >= 2) fallback.push([x, y]);
      if (d < s.capitalMinDistance) continue;
      if (!close(geo.wealth(x), geo.wealth(y), s.wealthTolerance)) continue;
      if (!close(geo.share(x, y), geo.share(y, x), s.shareTolerance)) continue;
      fair.push([x, y]);
    }
  }
  return fair.length ? { pairs: fair, fair: true } : { pairs: fallback, fair: false };
}

export interface Setup {
  /** Neutral garrisons of every land territory (the capitals' draws overwritten by `startArmies`). */
  garrison: Map<string, number>;
  /** The sum of the garrison draws as drawn, the capitals' included (D1.4's worked figure). */
  drawn: number;
  capitals: { A: string; B: string };
  fair: boolean;
  /** The drawn pair's index and swap (null with explicit capitals). */
  draw: { index: number; swap: 0 | 1 } | null;
}

export class NoFairCapitals extends Error {
  readonly code = 'NO_FAIR_CAPITALS';
}

/**
 * D1.4–D1.7: garrisons, then the pair index, then the swap, all from `seed` in that order. `capitals` given
 * explicitly (D10.7 `@capitals`) skips the two draws and makes the game unfair (unrated).
 */
export function setupBoard(g: DuelGraph, seed: number, opts: { garrisonMin?: number; garrisonMax?: number; startArmies?: number; draw?: DrawSettings; capitals?: { A: string; B: string }; pairs?: CapitalPairs } = {}): Setup {
  const rng = makeRng(seed);
  const min = opts.garrisonMin ?? 1;
  const max = opts.garrisonMax ?? 3;
  const garrison = new Map<string, number>();
  let drawn = 0;
  for (const t of g.land) {
    const n = rng.int(min, max);
    garrison.set(t, n);
    drawn += n;
  }
  let capitals: { A: string; B: string };
  let fair: boolean;
  let draw: Setup['draw'] = null;
  if (opts.capitals) {
    capitals = opts.capitals;
    fair = false;
  } else {
    const list = opts.pairs ?? capitalPairs(g, opts.draw);
    if (!list.pairs.length) throw new NoFairCapitals('no two territories of this map can be fair capitals; name them explicitly');
    const index = rng.int(0, list.pairs.length - 1);
    const swap = rng.int(0, 1) as 0 | 1;
    const [x, y] = list.pairs[index]!;
    capitals = swap === 0 ? { A: x, B: y } : { A: y, B: x };
    fair = list.fair;
    draw = { index, swap };
  }
  const start = opts.startArmies ?? 10;
  garrison.set(capitals.A, start);
  garrison.set(capitals.B, start);
  return { garrison, drawn, capitals, fair, draw };
}
