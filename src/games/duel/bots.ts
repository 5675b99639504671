/**
 * Europe Duel's scripted opponents (duel.md D8): pluggable policies, pure (same view → same decision). The
 * greedy bot gives no orders at all — the side's normal helper plays every territory (D8.2). The lander grows
 * like it, gathers an army in a port and strikes the enemy capital from the sea (D8.3).
 */
import { atSea, need } from '../europe/combat.ts';
import { byId, geography, type DuelGraph } from './board.ts';
import type { Board, Side } from './resolve.ts';
import { other } from './resolve.ts';
import type { Route } from './routes.ts';
import { distThroughOwn, stepAlong } from './helpers.ts';

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
function geographyOf(g: DuelGraph): ReturnType<typeof geography> {
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

/** D8.3: the lander's plan for this turn. */
export const lander: DuelPolicy = {
  id: 'lander',
  decide(v: DuelView): DuelDecision {
    const { graph: g, board: b, side: S } = v;
    const none: DuelDecision = { orders: [], routes: [] };
    const geo = geographyOf(g);
    const own = g.land.filter((t) => b.owner.get(t) === S);
    const d = (t: string) => b.armies.get(t) ?? 0;
    const E = v.capitals[other(S)];
    let L: string | null = geo.coastal(E) ? E : null;
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
    if (own.length < (v.landerMinTerritories ?? LANDER_MIN_TERRITORIES) || !L || b.owner.get(L) === S) return none;
    const target = L;
    const mainSea = (z: string) => geo.mainSea.has(z);
    const touchesL = (z: string) => (g.nbrs.get(z) ?? []).includes(target);
    /** The zones of the breadth-first sea path from port p to a zone touching L (empty: none). */
    const seaPath = (p: string): string[] | null => {
      const sources = (g.nbrs.get(p) ?? []).filter(mainSea);
      const prev = new Map<string, string | null>();
      const queue: string[] = [];
      for (const z of sources) { prev.set(z, null); queue.push(z); }
      for (let i = 0; i < queue.length; i++) {
        const z = queue[i]!;
        if (touchesL(z)) {
          const path = [z];
          for (let q = prev.get(z); q; q = prev.get(q)) path.unshift(q);
          return path;
        }
        for (const n of g.nbrs.get(z) ?? []) if (mainSea(n) && !prev.has(n)) { prev.set(n, z); queue.push(n); }
      }
      return null;
    };
    const routeHeld = new Set(v.routes.map((r) => r.path[r.at]!));
    const capS = v.capitals[S];
    const ports: { p: string; zones: string[] }[] = [];
    for (const p of own) {
      if (p === capS || routeHeld.has(p) || !geo.coastal(p)) continue;
      const zones = seaPath(p);
      if (zones) ports.push({ p, zones });
    }
    if (!ports.length) return none;
    ports.sort((x, y) => x.zones.length - y.zones.length || geo.landDist(x.p, capS) - geo.landDist(y.p, capS) || byId(x.p, y.p));
    const { p, zones } = ports[0]!;
    const k = zones.length;
    const dL = d(target) + (b.owner.get(target) === other(S) ? k * (g.value.get(target) ?? 0) : 0);
    let arrive = d(p);
    for (let i = 0; i < k; i++) arrive = atSea(arrive, v.seaLoss);
    if (d(p) > 0 && arrive >= need(dL, v.defenseFactor) && v.routes.length < v.maxRoutes) {
      return { orders: [], routes: [{ points: [p, ...zones, target, ...(target !== E ? [E] : [])], count: 'all' }] };
    }
    // The port gathers: it stands, and every own territory behind the frontier walks toward it.
    const foreign = (u: string) => g.kind.get(u) === 'land' && b.owner.get(u) !== S;
    const frontier = new Set(own.filter((t) => (g.landNbrs.get(t) ?? []).some(foreign)));
    const dist = distThroughOwn(g, b, S, [p]);
    const orders: DuelDecision['orders'] = [{ from: p, to: p, count: 'stand' }];
    for (const t of [...own].sort(byId)) {
      if (t === p || frontier.has(t) || d(t) <= 0 || routeHeld.has(t)) continue;
      const step = stepAlong(g, b, S, dist, t);
      if (step) orders.push({ from: t, to: step, count: 'all' });
    }
    return { orders, routes: [] };
  },
};

/** Policies by id (D8.1): adding one needs no engine change. The agent (D8.4) joins when its weights ship. */
export const POLICIES: Readonly<Record<string, DuelPolicy>> = { greedy, lander };
