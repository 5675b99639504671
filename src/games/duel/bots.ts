/**
 * Europe Duel's scripted opponents (duel.md D8): pluggable policies, pure (same view → same decision). The
 * greedy bot gives no orders at all — the side's normal helper plays every territory (D8.2). The lander grows
 * like it, gathers an army in a port and strikes the enemy capital from the sea (D8.3).
 */
import { atSea, need } from '../europe/combat.ts';
import { byId, geography, graphIndex, type DuelGraph, type Geography } from './board.ts';
import type { Board, Side } from './resolve.ts';
import { other } from './resolve.ts';
import type { Route } from './routes.ts';

export interface DuelView {
  graph: DuelGraph;
  board: Board;
  side: Side;
  capitals: Record<Side, string>;
  /** The side's own live routes (never the opponent's). */
  routes: readonly Route[];
  maxRoutes: number;
  defenseFactor: number;
  seaLoss: number;
  /** D8.3 `landerMinTerritories` (default 8). */
  landerMinTerritories?: number;
}

export interface DuelDecision {
  orders: { from: string; to: string; count: 'all' | 'half' | 'stand' }[];
  routes: { points: string[]; count: 'all' | 'half' }[];
}

export interface DuelPolicy {
  readonly id: string;
  decide(view: DuelView): DuelDecision;
}

/** The map's geography (coasts, the main sea, land distances) is the same every turn: kept per duel graph. */
const geographies = new WeakMap<DuelGraph, ReturnType<typeof geography>>();
export function geographyOf(g: DuelGraph): ReturnType<typeof geography> {
  let geo = geographies.get(g);
  if (!geo) {
    geo = geography(g);
    geographies.set(g, geo);
  }
  return geo;
}

/** D8.2: the greedy bot leaves everything to the normal helper. */
export const greedy: DuelPolicy = { id: 'greedy', decide: () => ({ orders: [], routes: [] }) };

/** D8.3 `landerMinTerritories`. */
export const LANDER_MIN_TERRITORIES = 8;

/** Per graph: D8.3's landing L for each enemy capital, and each port's sea path to each landing (pure geography). */
interface LanderTables { landing: Map<string, string | null>; seaPaths: Map<string, string[] | null> }
const landerTables = new WeakMap<DuelGraph, LanderTables>();
function tablesOf(g: DuelGraph): LanderTables {
  let t = landerTables.get(g);
  if (!t) {
    t = { landing: new Map(), seaPaths: new Map() };
    landerTables.set(g, t);
  }
  return t;
}

/** D8.3 L: E if coastal(E), else the coastal u with the least landDist(u, E) < ∞, ties by id; null when none. */
export function landingFor(g: DuelGraph, geo: Geography, E: string): string | null {
  const t = tablesOf(g);
  let L = t.landing.get(E);
  if (L !== undefined) return L;
  L = geo.coastal(E) ? E : null;
  if (!L) {
    let best: [number, string] | null = null;
    for (const u of g.land) {
      if (!geo.coastal(u)) continue;
      const dist = geo.landDist(u, E);
      if (dist === Infinity) continue;
      if (!best || dist < best[0] || (dist === best[0] && u < best[1])) best = [dist, u];
    }
    L = best ? best[1] : null;
  }
  t.landing.set(E, L);
  return L;
}

/**
 * D8.3 k(p): the zones of the breadth-first path over main-sea zones from port p (sources = p's main-sea neighbours
 * in id order, neighbours in id order) to the first popped zone touching L; null: none. Cached per graph.
 */
export function seaPathTo(g: DuelGraph, geo: Geography, p: string, target: string): string[] | null {
  const t = tablesOf(g);
  const key = `${p}\u0000${target}`;
  let path = t.seaPaths.get(key);
  if (path !== undefined) return path;
  path = null;
  const mainSea = (z: string) => geo.mainSea.has(z);
  const sources = (g.nbrs.get(p) ?? []).filter(mainSea);
  const prev = new Map<string, string | null>();
  const queue: string[] = [];
  for (const z of sources) { prev.set(z, null); queue.push(z); }
  for (let i = 0; i < queue.length; i++) {
    const z = queue[i]!;
    if ((g.nbrs.get(z) ?? []).includes(target)) {
      path = [z];
      for (let q = prev.get(z); q; q = prev.get(q)) path.unshift(q);
      break;
    }
    for (const n of g.nbrs.get(z) ?? []) if (mainSea(n) && !prev.has(n)) { prev.set(n, z); queue.push(n); }
  }
  t.seaPaths.set(key, path);
  return path;
}

/**
 * D8.3's launch test: port p's army, worn by the k = |zones| sea zones to L, is at least what taking L needs, L
 * holding its armies plus k turns of growth when it is the enemy's (dL = d(L) + k × value(L)).
 */
export function launchReady(v: DuelView, p: string, zones: readonly string[], L: string): boolean {
  const { graph: g, board: b, side: S } = v;
  const d = (t: string) => b.armies.get(t) ?? 0;
  const k = zones.length;
  const dL = d(L) + (b.owner.get(L) === other(S) ? k * (g.value.get(L) ?? 0) : 0);
  let arrive = d(p);
  for (let i = 0; i < k; i++) arrive = atSea(arrive, v.seaLoss);
  return d(p) > 0 && arrive >= need(dL, v.defenseFactor);
}

/**
 * D8.3: the lander's plan for this turn. The map's geography (L, the ports' sea paths, land distances) comes from
 * per-graph tables; the gathering walk is one breadth-first search from the port over the graph's index (D11 B3).
 */
export const lander: DuelPolicy = {
  id: 'lander',
  decide(v: DuelView): DuelDecision {
    const { graph: g, board: b, side: S } = v;
    const none: DuelDecision = { orders: [], routes: [] };
    const geo = geographyOf(g);
    const ix = graphIndex(g);
    const { ids, landOff, landAdj } = ix;
    const ownFlag = new Uint8Array(ix.n);
    const own: number[] = []; // own land, in id order
    for (const t of ix.land) if (b.owner.get(ids[t]!) === S) { ownFlag[t] = 1; own.push(t); }
    const d = (t: string) => b.armies.get(t) ?? 0;
    const E = v.capitals[other(S)];
    const L = landingFor(g, geo, E);
    if (own.length < (v.landerMinTerritories ?? LANDER_MIN_TERRITORIES) || !L || b.owner.get(L) === S) return none;
    const target = L;
    const routeHeld = new Set(v.routes.map((r) => r.path[r.at]!));
    const capS = v.capitals[S];
    const ports: { p: string; zones: string[] }[] = [];
    for (const i of own) {
      const p = ids[i]!;
      if (p === capS || routeHeld.has(p) || !geo.coastal(p)) continue;
      const zones = seaPathTo(g, geo, p, target);
      if (zones) ports.push({ p, zones });
    }
    if (!ports.length) return none;
    let best = ports[0]!;
    const cmp = (x: typeof best, y: typeof best) => x.zones.length - y.zones.length || geo.landDist(x.p, capS) - geo.landDist(y.p, capS) || byId(x.p, y.p);
    for (const x of ports) if (cmp(x, best) < 0) best = x;
    const { p, zones } = best;
    if (launchReady(v, p, zones, target) && v.routes.length < v.maxRoutes) {
      return { orders: [], routes: [{ points: [p, ...zones, target, ...(target !== E ? [E] : [])], count: 'all' }] };
    }
    // The port gathers: it stands, and every own territory behind the frontier walks toward it (D6.1 distTo({p})
    // through own territories, stepToward: the own neighbour one step nearer, smallest id).
    const pi = ix.at.get(p)!;
    const dist = new Int32Array(ix.n).fill(-1);
    const queue = new Int32Array(ix.n);
    let qt = 0;
    dist[pi] = 0;
    queue[qt++] = pi;
    for (let qh = 0; qh < qt; qh++) {
      const h = queue[qh]!;
      for (let j = landOff[h]!; j < landOff[h + 1]!; j++) {
        const m = landAdj[j]!;
        if (!ownFlag[m] || dist[m]! >= 0) continue;
        dist[m] = dist[h]! + 1;
        queue[qt++] = m;
      }
    }
    const orders: DuelDecision['orders'] = [{ from: p, to: p, count: 'stand' }];
    for (const t of own) {
      if (t === pi || d(ids[t]!) <= 0 || routeHeld.has(ids[t]!)) continue;
      let frontier = false;
      for (let j = landOff[t]!; j < landOff[t + 1]!; j++) if (!ownFlag[landAdj[j]!]) { frontier = true; break; }
      if (frontier) continue;
      const dt = dist[t]!;
      if (dt <= 0) continue;
      for (let j = landOff[t]!; j < landOff[t + 1]!; j++) {
        const u = landAdj[j]!;
        if (ownFlag[u] && dist[u] === dt - 1) { orders.push({ from: ids[t]!, to: ids[u]!, count: 'all' }); break; }
      }
    }
    return { orders, routes: [] };
  },
};

/** Policies by id (D8.1): adding one needs no engine change. The agent (D8.4) joins when its weights ship. */
export const POLICIES: Readonly<Record<string, DuelPolicy>> = { greedy, lander };
