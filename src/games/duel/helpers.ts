/**
 * Europe Duel's helpers (autopilot, duel.md D6) and the brush (D6.9): the orders D2.6 step 3 gives to a side's
 * territories and sea stacks that have no manual order and no route, in the four modes normal (D6.3), expand
 * (D6.4), rally (D6.5) and defend (D6.6), plus sea stacks (D6.7) and the paint inheritance of D6.8.
 *
 * Pure: reads only the start-of-turn board and the side's own plans (default mode, paint, rally point, the nodes
 * its manual orders and routes hold, and their targets); never the opponent's plans. Every choice follows the
 * tie-break D6 names (id order = JavaScript's `<`, D1), so the same input gives the same orders; the same
 * function serves the web page's preview arrows (D10.5).
 */
import { need as needOf } from '../europe/combat.ts';
import { byId, graphIndex, landDistFrom, type DuelGraph } from './board.ts';
import { other, type Board, type DuelEvent, type Move, type Side } from './resolve.ts';
import type { Order } from './orders.ts';

/** D6: the helper modes — normal 普通, expand 扩张, rally 集结, defend 防守. */
export type Mode = 'normal' | 'expand' | 'rally' | 'defend';
export const MODES: readonly Mode[] = ['normal', 'expand', 'rally', 'defend'];

export interface HelperOpts {
  /** D6: the side's default mode (initially normal). */
  defaultMode: Mode;
  /** D6 / D6.9: land territory → mode; a territory's mode is its paint, else the default. */
  paint: ReadonlyMap<string, Mode>;
  /** D6.5: the rally point ⚑ (a land territory), or null: the enemy capital is the point. */
  rally: string | null;
  /** Both sides' capitals (D1.5): D6.1 valueKey and D6.5 need E's, D6.6 needs S's. */
  capitals: Record<Side, string>;
  /** Nodes with a manual order (stand included) or a route this turn (D2.3, D5.4): the helper does not touch them. */
  held: ReadonlySet<string>;
  /** D6.1/D6.2: targets of the side's manual orders and route moves this turn (the initial `claimed`). */
  claimed?: Iterable<string>;
  /** D4.1 `defenseFactor` (default 1.5). */
  defenseFactor?: number;
}

/** D6.1 distTo(X): breadth-first through the side's own territories over land edges, X in id order, neighbours in id order. */
export function distThroughOwn(g: DuelGraph, board: Board, side: Side, X: readonly string[]): Map<string, number> {
  const dist = new Map<string, number>();
  const queue: string[] = [];
  for (const x of [...X].sort(byId)) if (!dist.has(x)) { dist.set(x, 0); queue.push(x); }
  for (let i = 0; i < queue.length; i++) {
    const here = queue[i]!;
    for (const n of g.landNbrs.get(here) ?? []) {
      if (board.owner.get(n) !== side || dist.has(n)) continue;
      dist.set(n, dist.get(here)! + 1);
      queue.push(n);
    }
  }
  return dist;
}

/** D6.1 stepToward(t, X) on X's distances: the own land neighbour one step nearer, smallest id; none if t ∈ X or unreached. */
export function stepAlong(g: DuelGraph, board: Board, side: Side, dist: ReadonlyMap<string, number>, t: string): string | null {
  const dt = dist.get(t);
  if (dt === undefined || dt === 0) return null;
  for (const v of g.landNbrs.get(t) ?? []) if (board.owner.get(v) === side && dist.get(v) === dt - 1) return v; // landNbrs is in id order
  return null;
}

/** A territory's mode (D6): its paint, else the default. Sea zones carry no paint (D6.7). */
export function modeOf(paint: ReadonlyMap<string, Mode>, defaultMode: Mode, t: string): Mode {
  return paint.get(t) ?? defaultMode;
}

/**
 * D2.6 step 3 / D6.2: the helper's orders for side `side`, in the order it decided them (a JOINT attack replaces
 * the stand of its members in place). Moves and stands of the territories and stacks it plays; none for a held
 * node, nor for an own territory at 0 (it just stands, D6.1 `controlled`).
 *
 * Speed (D11 B1–B3): the board is read once into integer arrays over the graph's index (node i = the i-th id in
 * id order, so index order is id order and every D6 tie-break stays the same), distTo(X) is one multi-source
 * breadth-first search per distinct X per turn (the frontier, the defence line, the rally target), minima are
 * linear scans instead of sorts, and the rally fist's land distances and paths are per-graph tables.
 */
export function helperOrders(g: DuelGraph, board: Board, side: Side, opts: HelperOpts): Order[] {
  const ix = graphIndex(g);
  const { ids, n: N, isLand, value, landOff, landAdj } = ix;
  const S = side;
  const E = other(S);
  const factor = opts.defenseFactor ?? 1.5;
  const need = (a: number) => needOf(a, factor);

  // The opening board as arrays: d(u), own (S's land), foreign (land not S's), enemy (E's land).
  const d = new Float64Array(N);
  const own = new Uint8Array(N);
  const foreign = new Uint8Array(N);
  const enemy = new Uint8Array(N);
  for (let i = 0; i < N; i++) {
    const id = ids[i]!;
    d[i] = board.armies.get(id) ?? 0;
    if (!isLand[i]) continue;
    const o = board.owner.get(id);
    if (o === S) own[i] = 1;
    else {
      foreign[i] = 1;
      if (o === E) enemy[i] = 1;
    }
  }
  const flags = (xs: Iterable<string>): Uint8Array => {
    const f = new Uint8Array(N);
    for (const x of xs) {
      const i = ix.at.get(x);
      if (i !== undefined) f[i] = 1;
    }
    return f;
  };
  const held = flags(opts.held);
  const claimed = flags(opts.claimed ?? []);
  const indexOf = (id: string | null | undefined): number => (id == null ? -1 : ix.at.get(id) ?? -1);
  const enemyCap = indexOf(opts.capitals[E]);
  const ownCap = indexOf(opts.capitals[S]);
  const modeAt = (t: number) => modeOf(opts.paint, opts.defaultMode, ids[t]!);
  const isLandNbr = (t: number, u: number): boolean => {
    for (let k = landOff[t]!; k < landOff[t + 1]!; k++) if (landAdj[k] === u) return true;
    return false;
  };

  // D6.1 valueKey: (0 if E's capital else 1, −value, d, id), smallest first; a total order, so the minimum is unique.
  const keyCmp = (a: number, b: number): number =>
    (a === enemyCap ? 0 : 1) - (b === enemyCap ? 0 : 1) || value[b]! - value[a]! || d[a]! - d[b]! || a - b;
  const minKey = (us: readonly number[]): number => {
    let best = us[0]!;
    for (let i = 1; i < us.length; i++) if (keyCmp(us[i]!, best) < 0) best = us[i]!;
    return best;
  };

  // Own land in id order; D6.1 frontier / enemyFront: own territories with a foreign (resp. E-owned) land neighbour.
  const ownLand: number[] = [];
  const frontier: number[] = [];
  const enemyFront: number[] = [];
  const frontierSet = new Uint8Array(N);
  for (const t of ix.land) {
    if (!own[t]) continue;
    ownLand.push(t);
    let f = false;
    let e = false;
    for (let k = landOff[t]!; k < landOff[t + 1]!; k++) {
      const u = landAdj[k]!;
      if (foreign[u]) f = true;
      if (enemy[u]) e = true;
    }
    if (f) { frontier.push(t); frontierSet[t] = 1; }
    if (e) enemyFront.push(t);
  }

  // D6.1 distTo(X): one multi-source BFS through own territories over land edges, seeded with X in id order,
  // neighbours in id order; −1 = unreached. Cached per X (the helper asks for a few fixed sets per turn).
  const distCache = new Map<readonly number[], Int32Array>();
  const queue = new Int32Array(N);
  const distTo = (X: readonly number[]): Int32Array => {
    let dist = distCache.get(X);
    if (dist) return dist;
    dist = new Int32Array(N).fill(-1);
    let qt = 0;
    for (const x of [...X].sort((a, b) => a - b)) if (dist[x]! < 0) { dist[x] = 0; queue[qt++] = x; }
    for (let qh = 0; qh < qt; qh++) {
      const h = queue[qh]!;
      for (let k = landOff[h]!; k < landOff[h + 1]!; k++) {
        const m = landAdj[k]!;
        if (!own[m] || dist[m]! >= 0) continue;
        dist[m] = dist[h]! + 1;
        queue[qt++] = m;
      }
    }
    distCache.set(X, dist);
    return dist;
  };
  // D6.1 stepToward(t, X): the own land neighbour one step nearer, smallest id; none if t ∈ X or unreached.
  const stepToward = (t: number, X: readonly number[]): number => {
    const dist = distTo(X);
    const dt = dist[t]!;
    if (dt <= 0) return -1;
    for (let k = landOff[t]!; k < landOff[t + 1]!; k++) {
      const v = landAdj[k]!;
      if (own[v] && dist[v] === dt - 1) return v;
    }
    return -1;
  };

  const orders = new Map<string, Order>();
  const all = (from: number, to: number) => orders.set(ids[from]!, { kind: 'move', from: ids[from]!, to: ids[to]!, count: 'all' });
  const half = (from: number, to: number) => orders.set(ids[from]!, { kind: 'move', from: ids[from]!, to: ids[to]!, count: 'half' });
  const stand = (from: number) => orders.set(ids[from]!, { kind: 'stand', from: ids[from]! });
  const has = (t: number) => orders.has(ids[t]!);

  // D6.1 controlled: the helper's territories with d > 0, by (d desc, id asc).
  const controlled = ownLand.filter((t) => !held[t] && d[t]! > 0).sort((a, b) => d[b]! - d[a]! || a - b);
  const targets = (t: number, armies: number): number[] => {
    const out: number[] = [];
    for (let k = landOff[t]!; k < landOff[t + 1]!; k++) {
      const u = landAdj[k]!;
      if (foreign[u] && !claimed[u] && armies >= need(d[u]!)) out.push(u);
    }
    return out;
  };

  // D6.3 NORMAL: take the best beatable neighbour with everything, else hold the frontier, else walk to it.
  const normal = (t: number) => {
    const B = targets(t, d[t]!);
    if (B.length) {
      const u = minKey(B);
      all(t, u);
      claimed[u] = 1;
    } else if (frontierSet[t]) stand(t);
    else {
      const v = stepToward(t, frontier);
      if (v >= 0) all(t, v);
      else stand(t);
    }
  };

  // D6.4 EXPAND: half where half is enough, else all; a frontier territory that cannot attack waits for JOINT.
  const idleExpand: number[] = [];
  const expand = (t: number) => {
    const a = d[t]!;
    const H = targets(t, Math.floor(a / 2));
    if (H.length) {
      const u = minKey(H);
      half(t, u);
      claimed[u] = 1;
      return;
    }
    const A = targets(t, a);
    if (A.length) {
      const u = minKey(A);
      all(t, u);
      claimed[u] = 1;
    } else if (frontierSet[t]) {
      stand(t);
      idleExpand.push(t);
    } else {
      const v = stepToward(t, frontier);
      if (v >= 0) all(t, v);
      else stand(t);
    }
  };
  const joint = () => {
    const used = new Uint8Array(N);
    const cand = new Set<number>();
    for (const t of idleExpand) {
      for (let k = landOff[t]!; k < landOff[t + 1]!; k++) {
        const u = landAdj[k]!;
        if (foreign[u] && !claimed[u]) cand.add(u);
      }
    }
    for (const u of [...cand].sort(keyCmp)) {
      const grp = idleExpand.filter((t) => !used[t] && isLandNbr(t, u)).sort((a, b) => a - b);
      let sum = 0;
      for (const t of grp) sum += d[t]!;
      if (grp.length >= 2 && sum >= need(d[u]!)) {
        for (const t of grp) { all(t, u); used[t] = 1; }
        claimed[u] = 1;
      }
    }
  };

  // D6.5 RALLY_PLAN, once per turn, only if some controlled territory is rally.
  let rallyTarget: number[] | null = null;
  const R = controlled.filter((t) => modeAt(t) === 'rally').sort((a, b) => a - b);
  if (R.length) {
    const P = indexOf(opts.rally ?? opts.capitals[E]);
    if (P >= 0 && own[P]) {
      // Gather at an own point: P stands if the helper plays it (any mode).
      rallyTarget = [P];
      if (!held[P]) stand(P);
    } else if (P >= 0) {
      const Stg = R.filter((t) => isLandNbr(t, P));
      if (Stg.length) {
        // Staging beside P: strike together when the sum beats it (need(), no margin), else wait beside it.
        let sum = 0;
        for (const t of Stg) sum += d[t]!;
        if (sum >= need(d[P]!)) {
          for (const t of Stg) all(t, P);
          claimed[P] = 1;
        } else for (const t of Stg) stand(t);
        rallyTarget = Stg;
      } else {
        // Fist: the rally territory nearest P by land (any owner), ties by id, cuts a road toward it.
        // landDist is symmetric (undirected land edges): one table from P serves every t.
        const fromP = landDistFrom(g, P);
        let G = -1;
        let gDist = Infinity;
        for (const t of R) { // R is in id order: strict < keeps the smallest id on ties
          const dist = fromP[t]! < 0 ? Infinity : fromP[t]!;
          if (dist < gDist) { G = t; gDist = dist; }
        }
        if (G >= 0) {
          const nx = ix.at.get(landPathFrom(g, ids[G]!, ids[P]!)!.next)!;
          if (own[nx] || d[G]! >= need(d[nx]!)) {
            all(G, nx);
            if (foreign[nx]) claimed[nx] = 1;
          } else stand(G);
          rallyTarget = [G];
        }
      }
    }
  }
  const rally = (t: number) => {
    const v = rallyTarget ? stepToward(t, rallyTarget) : -1;
    if (v >= 0) all(t, v);
    else normal(t); // unreachable (or no target): behave as normal
  };

  // D6.6 DEFEND: the capital keeps its troops, the enemy border (else the whole frontier) holds, the rear moves up.
  const F = enemyFront.length ? enemyFront : frontier;
  const FSet = new Uint8Array(N);
  for (const t of F) FSet[t] = 1;
  const defend = (t: number) => {
    if (t === ownCap || FSet[t]) {
      stand(t);
      return;
    }
    const v = stepToward(t, F);
    if (v >= 0) all(t, v);
    else stand(t);
  };

  // D6.2 main loop.
  for (const t of controlled) {
    if (has(t)) continue; // already has an order from the rally plan
    switch (modeAt(t)) {
      case 'normal': normal(t); break;
      case 'expand': expand(t); break;
      case 'rally': rally(t); break;
      case 'defend': defend(t); break;
    }
  }
  joint();

  // D6.7 SEA: own stacks with no order and no route, by (stack desc, id asc), brought ashore.
  const stackOf = new Float64Array(N);
  const stacks: number[] = [];
  for (const z of ix.sea) {
    const st = board.stacks.get(ids[z]!)?.[S] ?? 0;
    stackOf[z] = st;
    if (st > 0 && !held[z]) stacks.push(z);
  }
  stacks.sort((a, b) => stackOf[b]! - stackOf[a]! || a - b);
  for (const z of stacks) {
    const n = stackOf[z]!;
    const C: number[] = []; // the land territories on z's coast edges, in id order
    for (let k = ix.off[z]!; k < ix.off[z + 1]!; k++) if (isLand[ix.adj[k]!]) C.push(ix.adj[k]!);
    const B = C.filter((u) => foreign[u] && !claimed[u] && n >= need(d[u]!));
    if (B.length) {
      const u = minKey(B);
      all(z, u);
      claimed[u] = 1;
      continue;
    }
    const home = C.find((u) => own[u]);
    if (home !== undefined) {
      all(z, home);
      continue;
    }
    const y = seaStepToOwnCoast(g, ids[z]!, (u) => own[ix.at.get(u)!] === 1);
    if (y) orders.set(ids[z]!, { kind: 'move', from: ids[z]!, to: y, count: 'all' });
    else stand(z);
  }
  return [...orders.values()];
}

/**
 * D6.5 "the node after G on the shortest land path G→P (D5.3 on land nodes only)", with the path's length. D5.3's
 * Dijkstra on land alone has one cost per step (1000), so it pops level by level, each level by id, and a node's
 * predecessor is the first popped neighbour (set only on a strict improvement): exactly a level-synchronous BFS
 * whose levels are sorted by id, which this is. null: P unreachable by land (landDist = ∞) or P = from.
 */
const landPaths = new WeakMap<DuelGraph, Map<string, { steps: number; next: string } | null>>();

export function landPathFrom(g: DuelGraph, from: string, to: string): { steps: number; next: string } | null {
  // Pure geography: cached per graph and pair (a rally fist asks for the same pair turn after turn).
  let cache = landPaths.get(g);
  if (!cache) {
    cache = new Map();
    landPaths.set(g, cache);
  }
  const key = `${from}\u0000${to}`;
  let found = cache.get(key);
  if (found === undefined) {
    found = computeLandPath(g, from, to);
    cache.set(key, found);
  }
  return found && { ...found };
}

function computeLandPath(g: DuelGraph, from: string, to: string): { steps: number; next: string } | null {
  if (from === to) return null;
  const pred = new Map<string, string | null>([[from, null]]);
  let level = [from];
  let steps = 0;
  while (level.length && !pred.has(to)) {
    const nextLevel: string[] = [];
    for (const here of level) {
      for (const n of g.landNbrs.get(here) ?? []) {
        if (pred.has(n)) continue;
        pred.set(n, here);
        nextLevel.push(n);
      }
    }
    level = nextLevel.sort(byId);
    steps++;
  }
  if (!pred.has(to)) return null;
  let next = to;
  while (pred.get(next) !== from) next = pred.get(next)!;
  return { steps, next };
}

/** D6.7: the zone after z on a breadth-first path over sea zones (id order) to a zone with a coast edge to an own territory. */
function seaStepToOwnCoast(g: DuelGraph, z: string, own: (u: string) => boolean): string | null {
  const pred = new Map<string, string | null>([[z, null]]);
  const queue = [z];
  for (let i = 0; i < queue.length; i++) {
    const here = queue[i]!;
    if (here !== z && (g.nbrs.get(here) ?? []).some(own)) {
      let step = here;
      while (pred.get(step) !== z) step = pred.get(step)!;
      return step;
    }
    for (const n of g.nbrs.get(here) ?? []) {
      if (g.kind.get(n) !== 'sea' || pred.has(n)) continue;
      pred.set(n, here);
      queue.push(n);
    }
  }
  return null;
}

/**
 * D6.8 (step 11): paint follows a helper's conquest. For each territory u the side captured this resolution
 * (owner not the side in `before`, the side's in `after`) with no paint, among the helper-ordered flows into u
 * (`helperMoves`, counts at take-off) whose source's mode M differs from the default, the largest (tie: smallest
 * source id) paints u with M. Sea stacks carry no paint: their mode is the default, so they paint nothing; manual
 * orders and routes paint nothing (they are not in `helperMoves`); a flow that lost its head-on fight (in `events`)
 * did not come to u. Returns the new paint; the input is not changed.
 */
export function inheritPaint(g: DuelGraph, side: Side, paint: ReadonlyMap<string, Mode>, defaultMode: Mode, helperMoves: readonly Move[], before: Board, after: Board, events: readonly DuelEvent[] = []): Map<string, Mode> {
  const out = new Map(paint);
  const best = new Map<string, Move>();
  // A flow destroyed head-on (D4.3) never reached u, so it is no flow "of the capture" (pass resolveMoves' events).
  const died = new Set<string>();
  for (const e of events) {
    if (e.type !== 'headOn' || e.survivor === side) continue;
    // D10.8: the side's flow went from its source to the other flow's source.
    const [m, o] = e.a.side === side ? [e.a, e.b] : [e.b, e.a];
    died.add(`${m.from}>${o.from}`);
  }
  for (const m of helperMoves) {
    if (m.side !== side || m.n <= 0 || g.kind.get(m.from) !== 'land' || died.has(`${m.from}>${m.to}`)) continue;
    if (modeOf(paint, defaultMode, m.from) === defaultMode) continue;
    const u = m.to;
    if (paint.has(u) || before.owner.get(u) === side || after.owner.get(u) !== side) continue;
    const b = best.get(u);
    if (!b || m.n > b.n || (m.n === b.n && m.from < b.from)) best.set(u, m);
  }
  for (const [u, m] of [...best].sort(([a], [b]) => byId(a, b))) out.set(u, modeOf(paint, defaultMode, m.from));
  return out;
}

// ——— D6.9 the brush ———

/** D6.9 mode words (and their synonyms); null: not a mode word. */
export function modeWord(word: string): Mode | null {
  const w = word.trim();
  if (w === '普通' || w === '正常' || w === '默认') return 'normal';
  if (w === '扩张' || w === '扩展') return 'expand';
  if (w === '集结' || w === '集合') return 'rally';
  if (w === '防守' || w === '防御') return 'defend';
  return null;
}

/** D10.10: an unknown region is `UNKNOWN_TERRITORY` ("also an unknown region"), like an unknown territory. */
export type BrushRefusal = 'NOT_ALLOWED' | 'UNKNOWN_TERRITORY';
export type BrushResult = { ok: true; paint: Map<string, Mode> } | { ok: false; code: BrushRefusal; at: string };

/** Checks that every id is a land territory of the duel graph: a sea zone carries no paint (NOT_ALLOWED). */
function checkLand(g: DuelGraph, ids: readonly string[]): BrushResult | null {
  for (const t of ids) {
    const k = g.kind.get(t);
    if (k === 'sea') return { ok: false, code: 'NOT_ALLOWED', at: t };
    if (k !== 'land') return { ok: false, code: 'UNKNOWN_TERRITORY', at: t };
  }
  return null;
}

/**
 * D6.9 `【助手】模式 X、Y…`: paints the territories (any land territory, own or not: paint is geography). Painting
 * with the default mode stores it explicitly. All or nothing: one sea zone refuses the whole stroke.
 */
export function paintTerritories(g: DuelGraph, paint: ReadonlyMap<string, Mode>, mode: Mode, ids: readonly string[]): BrushResult {
  const no = checkLand(g, ids);
  if (no) return no;
  const out = new Map(paint);
  for (const t of ids) out.set(t, mode);
  return { ok: true, paint: out };
}

/** D6.9: the land territories whose `pos` lies in region R's bbox [x0, y0, x1, y1], inclusive; a territory without `pos` is in none. Id order. */
export function regionTerritories(g: DuelGraph, region: string): string[] | null {
  const r = g.map.regions.find((x) => x.id === region);
  if (!r) return null;
  const [x0, y0, x1, y1] = r.bbox;
  return g.land
    .filter((t) => {
      const pos = g.map.territory.get(t)?.pos;
      return !!pos && pos[0] >= x0 && pos[0] <= x1 && pos[1] >= y0 && pos[1] <= y1;
    })
    .sort(byId);
}

/** D6.9 `【助手】模式 区域 R`. */
export function paintRegion(g: DuelGraph, paint: ReadonlyMap<string, Mode>, mode: Mode, region: string): BrushResult {
  const ids = regionTerritories(g, region);
  if (!ids) return { ok: false, code: 'UNKNOWN_TERRITORY', at: region };
  return paintTerritories(g, paint, mode, ids);
}

/** D6.9 `【助手】清除 X…|区域 R|全部`: removes paint (the territories fall back to the default mode). */
export function clearPaint(g: DuelGraph, paint: ReadonlyMap<string, Mode>, what: { ids: readonly string[] } | { region: string } | 'all'): BrushResult {
  if (what === 'all') return { ok: true, paint: new Map() };
  let ids: readonly string[];
  if ('region' in what) {
    const r = regionTerritories(g, what.region);
    if (!r) return { ok: false, code: 'UNKNOWN_TERRITORY', at: what.region };
    ids = r;
  } else ids = what.ids;
  const no = checkLand(g, ids);
  if (no) return no;
  const out = new Map(paint);
  for (const t of ids) out.delete(t);
  return { ok: true, paint: out };
}

/** D6.5/D6.9 `【集结点】X`: any land territory; a sea zone is NOT_ALLOWED. null clears it (`【集结点】取消`). */
export function checkRally(g: DuelGraph, at: string | null): BrushRefusal | null {
  if (at === null) return null;
  const k = g.kind.get(at);
  return k === 'sea' ? 'NOT_ALLOWED' : k === 'land' ? null : 'UNKNOWN_TERRITORY';
}
