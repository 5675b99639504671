/**
 * Europe Duel's routes (duel.md D5): standing multi-turn plans that walk an army one node a turn along a path of
 * shortest legs. Pure functions: the path (D5.2, D5.3), the creation checks (D5.2), the turn's route steps
 * (D5.4, D2.6 step 2), the bookkeeping after the battles (D5.5, step 11) and cancelling (D5.6).
 */
import { atSea, need } from '../europe/combat.ts';
import { byId, type DuelGraph } from './board.ts';
import { armiesOf, countOf, type Count } from './orders.ts';
import { COMBAT_DEFAULTS, type Board, type CombatSettings, type DuelEvent, type Move, type OwnerReader, type Side } from './resolve.ts';

/** D5.1: a route. `armies` is null until it departs from its origin. */
export interface Route {
  id: number;
  side: Side;
  /** Node ids, origin first. */
  path: string[];
  /** Index in `path` of the node where its army stands. */
  at: number;
  count: Count;
  armies: number | null;
  waiting: boolean;
}

/** D5.2: at most this many routes per side (duel setting `maxRoutes`). */
export const MAX_ROUTES = 50;

/** D5.3: entering a land territory costs 1000, a sea zone 1001 — fewest steps first, then fewest sea zones. */
const LAND_COST = 1000;
const SEA_COST = 1001;

/**
 * D5.3 shortest leg from → to over the whole duel graph (any owner): Dijkstra popping by (cost, id), a node's
 * predecessor set only on a strict improvement, so a tie goes to the predecessor popped first. The path includes
 * both ends; null when `to` cannot be reached.
 */
export function shortestLeg(g: DuelGraph, from: string, to: string): string[] | null {
  if (from === to) return [from];
  const cost = new Map<string, number>([[from, 0]]);
  const pred = new Map<string, string>();
  const done = new Set<string>();
  // The open set is small (a few hundred nodes on Europe): a linear scan for the (cost, id) minimum is exact and simple.
  const open = new Set<string>([from]);
  while (open.size) {
    let best: string | null = null;
    let bestCost = Infinity;
    for (const id of open) {
      const c = cost.get(id)!;
      if (c < bestCost || (c === bestCost && best !== null && byId(id, best) < 0)) {
        best = id;
        bestCost = c;
      }
    }
    const here = best!;
    open.delete(here);
    done.add(here);
    if (here === to) break;
    for (const n of g.nbrs.get(here) ?? []) {
      if (done.has(n)) continue;
      const c = bestCost + (g.kind.get(n) === 'sea' ? SEA_COST : LAND_COST);
      if (c < (cost.get(n) ?? Infinity)) {
        cost.set(n, c);
        pred.set(n, here);
        open.add(n);
      }
    }
  }
  if (!done.has(to)) return null;
  const path = [to];
  while (path[path.length - 1] !== from) path.push(pred.get(path[path.length - 1]!)!);
  return path.reverse();
}

/** The cost of a path under D5.3's weights (for tests and the page's preview). */
export function pathCost(g: DuelGraph, path: readonly string[]): number {
  return path.slice(1).reduce((c, id) => c + (g.kind.get(id) === 'sea' ? SEA_COST : LAND_COST), 0);
}

/**
 * D5.2's path: origin X then points P1…Pn, repeated consecutive points dropped (X included in the comparison), at
 * least one point differing from X (`BAD_SYNTAX`); the concatenation of the shortest legs X→P1, P1→P2, … (`NO_PATH`
 * when a leg cannot be found). A node that is not on the duel graph (an arsenal, a typo) is `UNKNOWN_TERRITORY`.
 */
export function routePath(g: DuelGraph, origin: string, points: readonly string[]): string[] | 'NO_PATH' | 'BAD_SYNTAX' | 'UNKNOWN_TERRITORY' {
  const stops: string[] = [origin];
  for (const p of points) if (p !== stops[stops.length - 1]) stops.push(p);
  if (stops.length < 2) return 'BAD_SYNTAX';
  if (stops.some((s) => !g.kind.has(s))) return 'UNKNOWN_TERRITORY';
  const path: string[] = [origin];
  for (let i = 1; i < stops.length; i++) {
    const leg = shortestLeg(g, stops[i - 1]!, stops[i]!);
    if (!leg) return 'NO_PATH';
    path.push(...leg.slice(1));
  }
  return path;
}

export type RouteRefusal = 'BAD_SYNTAX' | 'UNKNOWN_TERRITORY' | 'NOT_OWNER' | 'NOT_ENOUGH_ARMIES' | 'NO_PATH' | 'LIMIT_EXCEEDED';

/** A departed route: it carries an army (the origin's routes before departure carry none). */
const departed = (r: Route): r is Route & { armies: number } => r.armies !== null;

/**
 * D5.4's G: the side's armies at a node (garrison or stack) minus the armies of every departed route standing
 * there — the node's own armies, which no route carries (at least 0).
 */
export function freeArmies(g: DuelGraph, board: Board, side: Side, routes: readonly Route[], node: string): number {
  let n = armiesOf(g, board, side, node);
  for (const r of routes) if (r.side === side && departed(r) && r.path[r.at] === node) n -= r.armies;
  return Math.max(0, n);
}

/**
 * D5.2 creating a route of `side` from `origin` through `points`, checked in commands.md §5's order (syntax,
 * names, the speaker's right, the rules): `BAD_SYNTAX`, `UNKNOWN_TERRITORY`, `NOT_OWNER` (X is not the side's
 * land territory or sea stack), `NOT_ENOUGH_ARMIES` (G of D5.4 below 1, or below 2 for 一半), `NO_PATH`,
 * `LIMIT_EXCEEDED` (the side already has `maxRoutes` live routes). `routes` are the game's live routes.
 */
export function createRoute(
  g: DuelGraph,
  board: Board,
  side: Side,
  routes: readonly Route[],
  origin: string,
  points: readonly string[],
  count: Count,
  id: number,
  maxRoutes: number = MAX_ROUTES,
): Route | RouteRefusal {
  const stops: string[] = [origin];
  for (const p of points) if (p !== stops[stops.length - 1]) stops.push(p);
  if (stops.length < 2) return 'BAD_SYNTAX';
  if (stops.some((s) => !g.kind.has(s))) return 'UNKNOWN_TERRITORY';
  const own = g.kind.get(origin) === 'sea' ? armiesOf(g, board, side, origin) > 0 : board.owner.get(origin) === side;
  if (!own) return 'NOT_OWNER';
  if (countOf(count, freeArmies(g, board, side, routes, origin)) < 1) return 'NOT_ENOUGH_ARMIES';
  const path = routePath(g, origin, points);
  if (typeof path === 'string') return path;
  if (routes.filter((r) => r.side === side).length >= maxRoutes) return 'LIMIT_EXCEEDED';
  return { id, side, path, at: 0, count, armies: null, waiting: false };
}

/** A route's move of the turn (step 4's count fixed), tagged with its route. */
export interface RouteMove extends Move { route: number }

export type CancelReason = 'repelled' | 'lost' | 'destroyed' | 'empty';
export interface RouteCancel { route: number; side: Side; reason: CancelReason }
export interface RouteWait { route: number; side: Side; at: string; armies: number | null }

export interface RouteSteps {
  /** The routes after their step, in id order (those cancelled `empty` are gone). */
  routes: Route[];
  /** One per route that moves, in route id order. */
  moves: RouteMove[];
  waits: RouteWait[];
  cancelled: RouteCancel[];
  /** D5.4: every node where a live route of the side stands (moving or waiting) — the helper leaves it alone. */
  held: Set<string>;
}

/**
 * D5.4 route steps (D2.6 step 2) of one side's routes on the start-of-turn board, in id order. A route at its
 * origin takes `avail` (all) or min(avail, floor(G/2)) (half); elsewhere it takes what it carries. Land routes
 * wait when the next land node (or, embarking, the landing after j sea zones, arrive(base, j)) is foreign and
 * `base < need(d)` with d the opening garrison; en route a waiting route absorbs the node's free armies, at the
 * origin nothing joins. Routes of the other side in `routes` are passed through untouched.
 */
export function routeSteps(g: DuelGraph, board: Board, side: Side, routes: readonly Route[], s: CombatSettings = COMBAT_DEFAULTS): RouteSteps {
  const out: RouteSteps = { routes: [], moves: [], waits: [], cancelled: [], held: new Set() };
  const taken = new Map<string, number>();
  const isSea = (id: string) => g.kind.get(id) === 'sea';
  const foreign = (id: string) => !isSea(id) && board.owner.get(id) !== side;
  const needAt = (id: string) => need(board.armies.get(id) ?? 0, s.defenseFactor);
  for (const r0 of inIdOrder(routes)) {
    if (r0.side !== side) {
      out.routes.push(r0);
      continue;
    }
    // A route's path never changes after its creation (only `at`, `armies`, `waiting` do): the copy shares it.
    const r: Route = { ...r0 };
    const loc = r.path[r.at]!;
    const nxt = r.path[r.at + 1];
    const G = freeArmies(g, board, side, routes, loc);
    const avail = Math.max(0, G - (taken.get(loc) ?? 0));
    const origin = !departed(r);
    const base = origin ? (r.count === 'all' ? avail : Math.min(avail, Math.floor(G / 2))) : r.armies!;
    if (base <= 0 || nxt === undefined) {
      out.cancelled.push({ route: r.id, side, reason: 'empty' });
      continue;
    }
    let wait = false;
    if (!isSea(loc)) {
      if (!isSea(nxt)) wait = foreign(nxt) && base < needAt(nxt);
      else {
        // Embarking: the first land node after loc is the landing ℓ, reached after j sea zones.
        let j = 0;
        let landing: string | null = null;
        for (let i = r.at + 1; i < r.path.length; i++) {
          const id = r.path[i]!;
          if (!isSea(id)) { landing = id; break; }
          j++;
        }
        if (landing !== null && foreign(landing)) {
          let n = base;
          for (let k = 0; k < j; k++) n = atSea(n, s.seaLoss);
          wait = n < needAt(landing);
        }
      }
    }
    if (wait) {
      r.waiting = true;
      if (origin) taken.set(loc, (taken.get(loc) ?? 0) + base);
      else {
        r.armies = r.armies! + avail;
        taken.set(loc, (taken.get(loc) ?? 0) + avail);
      }
      out.waits.push({ route: r.id, side, at: loc, armies: r.armies });
    } else {
      r.waiting = false;
      if (origin) taken.set(loc, (taken.get(loc) ?? 0) + base);
      out.moves.push({ side, from: loc, to: nxt, n: base, route: r.id });
    }
    out.held.add(loc);
    out.routes.push(r);
  }
  return out;
}

/** The routes in id order: the list itself when it already is (the game keeps its routes so), else a sorted copy. */
function inIdOrder(routes: readonly Route[]): readonly Route[] {
  for (let i = 1; i < routes.length; i++) if (routes[i - 1]!.id > routes[i]!.id) return [...routes].sort((a, b) => a.id - b.id);
  return routes;
}

/** D5.4: several routes leaving one node for the same neighbour make one flow (one Move for resolveMoves). */
export function routeFlows(moves: readonly RouteMove[]): Move[] {
  const flows: Move[] = [];
  for (const m of moves) {
    const f = flows.find((x) => x.side === m.side && x.from === m.from && x.to === m.to);
    if (f) f.n += m.n;
    else flows.push({ side: m.side, from: m.from, to: m.to, n: m.n });
  }
  return flows;
}

/** The survivors of a flow after head-on (D4.3), read from resolveMoves' `headOn` events (D10.8: a flow is its side and source, its target the other's source). */
function survivorsOf(flow: Move, events: readonly DuelEvent[]): number {
  for (const e of events) {
    if (e.type !== 'headOn') continue;
    const mine = e.a.side === flow.side ? e.a : e.b;
    const theirs = mine === e.a ? e.b : e.a;
    if (mine.side === flow.side && mine.from === flow.from && theirs.from === flow.to) return e.survivor === flow.side ? e.left : 0;
  }
  return flow.n;
}

export interface RouteDone { route: number; side: Side; at: string }
export interface Bookkeeping {
  /** The live routes, in id order. */
  routes: Route[];
  cancelled: RouteCancel[];
  done: RouteDone[];
}

/**
 * D5.5 route bookkeeping (D2.6 step 11), after resolveMoves and before growth. `start` is the board at the turn's
 * opening, `after` the board after step 10, `routes` the routes after their steps (both sides), `moves` the route
 * moves of the turn and `events` what resolveMoves returned. Shares of each flow's survivors go in id order; a
 * route into a foreign node advances only on a capture (sharing the occupiers in id order), else it is
 * `repelled`; then every departed route is capped by its side's armies at its node in id order (`lost` when its
 * land node is no longer the side's, `destroyed` at 0), and a route at its last node is done.
 */
export function routeBookkeeping(
  g: DuelGraph,
  start: OwnerReader,
  after: Board,
  routes: readonly Route[],
  moves: readonly RouteMove[],
  events: readonly DuelEvent[],
): Bookkeeping {
  const out: Bookkeeping = { routes: [], cancelled: [], done: [] };
  const isSea = (id: string) => g.kind.get(id) === 'sea';
  const sorted = inIdOrder(routes).map((r) => ({ ...r }));
  const sentBy = new Map<number, RouteMove>(moves.map((m) => [m.route, m]));
  // Shares of each flow's survivors, in route id order (each at most what it sent).
  const flowLeft = new Map<string, number>();
  const key = (m: Move) => `${m.side}\u0000${m.from}\u0000${m.to}`;
  for (const f of routeFlows(moves)) flowLeft.set(key(f), survivorsOf(f, events));
  const share = new Map<number, number>();
  for (const r of sorted) {
    const m = sentBy.get(r.id);
    if (!m) continue;
    const left = flowLeft.get(key(m)) ?? 0;
    const mine = Math.min(m.n, left);
    share.set(r.id, mine);
    flowLeft.set(key(m), left - mine);
  }
  // Occupiers of each captured node, shared among the entering routes in id order (the rest is plain garrison).
  const occupiers = new Map<string, number>();
  const cancelled = new Set<number>();
  const cancel = (r: Route, reason: CancelReason) => {
    cancelled.add(r.id);
    out.cancelled.push({ route: r.id, side: r.side, reason });
  };
  for (const r of sorted) {
    const m = sentBy.get(r.id);
    if (!m) continue;
    const mine = share.get(r.id)!;
    const nxt = m.to;
    if (isSea(nxt) || start.owner.get(nxt) === r.side) {
      r.armies = mine;
      r.at += 1;
      continue;
    }
    if (mine === 0) { cancel(r, 'repelled'); continue; }
    if (after.owner.get(nxt) === r.side) {
      const left = occupiers.get(nxt) ?? after.armies.get(nxt) ?? 0;
      const got = Math.min(mine, left);
      occupiers.set(nxt, left - got);
      r.armies = got;
      r.at += 1;
    } else cancel(r, 'repelled');
  }
  // Caps per node and side, in id order: losses come first off the armies no route carries, then off the highest ids.
  const capLeft = new Map<string, number>();
  for (const r of sorted) {
    if (cancelled.has(r.id)) continue;
    const node = r.path[r.at]!;
    if (!isSea(node) && after.owner.get(node) !== r.side) { cancel(r, 'lost'); continue; }
    if (departed(r)) {
      const k = `${r.side}\u0000${node}`;
      const left = capLeft.get(k) ?? armiesOf(g, after, r.side, node);
      r.armies = Math.min(r.armies, left);
      capLeft.set(k, left - r.armies);
      if (r.armies === 0) { cancel(r, 'destroyed'); continue; }
    }
    if (r.at === r.path.length - 1) {
      out.done.push({ route: r.id, side: r.side, at: node });
      continue;
    }
    out.routes.push(r);
  }
  return out;
}

/** What `【撤销】路线` names: a node (every route of the side standing there, or starting there and not yet left), an id, or all. */
export type CancelTarget = { node: string } | { id: number } | 'all';

/**
 * D5.6 cancelling a side's routes. A cancelled route's army stays where it is. A node or id matching none of the
 * side's live routes (another side's id included) is `NO_SUCH_ROUTE`; 'all' is always accepted. Also D2.3's
 * cancellation by a manual order at a node (`{ node }`; the caller ignores `NO_SUCH_ROUTE` there).
 */
export function cancelRoutes(routes: readonly Route[], side: Side, target: CancelTarget): { routes: Route[]; cancelled: Route[] } | 'NO_SUCH_ROUTE' {
  const hit = (r: Route) =>
    r.side === side && (target === 'all' ? true : 'id' in target ? r.id === target.id : r.path[r.at] === target.node);
  const cancelled = routes.filter(hit);
  if (!cancelled.length && target !== 'all') return 'NO_SUCH_ROUTE';
  return { routes: routes.filter((r) => !hit(r)), cancelled };
}
